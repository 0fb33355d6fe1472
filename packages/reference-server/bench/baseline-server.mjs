// A baseline answering the same JSON bodies as the reference server, without any of its logic:
// `node-http` is a bare node:http server, `express` a minimal express 5 app parsing JSON bodies.
// Usage: node baseline-server.mjs <node-http|express> <bodies.json>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import express from 'express';

const [kind, bodiesFile] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8'));
const text = Object.fromEntries(
  Object.entries(bodies).map(([key, value]) => [key, JSON.stringify(value)]),
);

function route(method, path) {
  if (method === 'GET' && path.endsWith('/capabilities')) return [200, text.capabilities];
  if (method === 'POST' && path.endsWith('/conversations')) return [201, text.conversation];
  if (method === 'POST' && path.endsWith('/messages')) return [202, text.turn];
  if (method === 'GET' && path.includes('/messages')) return [200, text.history];
  return [404, '{}'];
}

function listen(server) {
  server.listen(0, '127.0.0.1', () =>
    console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })),
  );
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (kind === 'node-http') {
  listen(
    createServer((request, response) => {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        if (chunks.length > 0) JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const [status, body] = route(request.method, request.url);
        response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
    }),
  );
} else {
  const app = express();
  app.use(express.json());
  app.use((request, response) => {
    const [status, body] = route(request.method, request.path);
    response.status(status).type('application/json').send(body);
  });
  listen(createServer(app));
}
