// The sandbox: webhooks. Placeholder bodies until this area is built; each throws a clear ProviderError.
import { ProviderError, type ProviderEvent } from '../provider.js';
import type { SandboxOptions } from './provider.js';

export function verifyWebhook(_ctx: SandboxOptions, _rawBody: Buffer, _signature: string | undefined): ProviderEvent {
  throw new ProviderError('The sandbox cannot verify a webhook yet', false);
}
