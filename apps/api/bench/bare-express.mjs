// The baseline of bench:overhead: a bare Express 5 app answering each path with the bytes the API
// gave for it (BARE_ANSWERS: { path: { type, body } }), nothing else. Prints its address.
import express from 'express';

const answers = JSON.parse(process.env.BARE_ANSWERS ?? '{}');
const app = express();
for (const [path, { type, body }] of Object.entries(answers)) {
  app.get(path, (_req, res) => {
    res.type(type).send(body);
  });
}
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
