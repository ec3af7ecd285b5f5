// Prints the app's OpenAPI 3.1 document to stdout without starting a server.
import { createApp, openApiDocument } from "../src/app";

const origin = process.argv[2] ?? "http://localhost:8787";
process.stdout.write(`${JSON.stringify(openApiDocument(createApp(), origin), null, 2)}\n`);
