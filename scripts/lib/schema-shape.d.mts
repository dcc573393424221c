export declare const SCHEMA_SHAPE_SQL: string;
export declare const shapeLines: (rows: Array<{ line: string }>) => string[];
