// Package text is the one place memsvc turns free text into words: one
// tokenizer (Scan, whose Options are named for the callers that need them,
// and Tokens, the index's form), the one stop list (IsStopWord and the wider
// IsNoiseWord), Snowball stemming and the analysis the BM25 index stores and
// queries (Analyze), and the chat-log speaker label.
//
// It is a leaf at the module root, not under engine/, because both the engine
// and llm (the built-in embedder and reranker) tokenize, and llm sits below
// the engine: data flows edge -> engine -> llm, so llm must not import engine.
package text
