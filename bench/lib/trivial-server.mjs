// The generator's yardstick (bench/lib/http-bench.mjs): a server that costs next to nothing per request, so a load
// run against it measures how many requests the load generator itself can send and read. It does not parse HTTP:
// every request the benches send is a GET without a body, so each blank line ending a request head gets one fixed
// 200 answer, written at once.
import net from 'node:net';

const BODY = '{"ok":true}';
const ANSWER = Buffer.from(
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${BODY.length}\r\nconnection: keep-alive\r\n\r\n${BODY}`,
);
const END = Buffer.from('\r\n\r\n');

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let carry = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let from = 0;
    let count = 0;
    for (let at = data.indexOf(END, from); at !== -1; at = data.indexOf(END, from)) {
      count++;
      from = at + END.length;
    }
    carry = data.subarray(from);
    if (count === 1) socket.write(ANSWER);
    else if (count > 1) socket.write(Buffer.concat(Array(count).fill(ANSWER)));
  });
  socket.on('error', () => {});
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => process.exit(0));
