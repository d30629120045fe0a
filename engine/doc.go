// Package engine is the memsvc memory engine: the domain types (Memory,
// Source, Query, requests and results), the one error type and its codes,
// validation on the types, the service interfaces the edges call
// (service.go), and *Engine, which implements them. It knows nothing of
// HTTP or MCP: edges translate a request into one call and engine errors
// into their own status codes.
//
// Map of the package (a new reader starts at service.go):
//
//	errors.go       Error, the codes, Invalid/Internal helpers
//	memory.go       Memory, Source and its kinds, memory types, states, events
//	service.go      Writer, Reader, Recaller, Skills, Entities: what edges call
//	store.go        Store and Tx: the storage seam (engine/store implements it)
//	engine.go       Config, DefaultConfig and Validate, Deps, New, Close, health
//	ingest.go       Ingest: one add call of an edge, read by engine/intent
//	add.go          Add (verbatim) and the caps on the fields writes share
//	note.go         Note: one deliberate text through the pipeline
//	intent.go       Forget, Resolve (matching rule: engine/intent/match.go)
//	pipeline.go     AddConversation: extract, decide (engine/ingest), write
//	llmdecide.go    a model's decisions, checked against the rules
//	supersede.go    Supersede and the closing of a memory's validity window
//	write.go        the one write transaction and its hooks (entities, skills)
//	search.go       Search: views, fusion (engine/recall), rerank
//	textview.go     the text and passage views, pseudo-relevance feedback
//	read.go         Get, List and ListFilter.Validate, Delete
//	capture.go      image capture queue (engine/media does the image work)
//	skills.go, entities.go, reconcile*.go   skill and entity learning
//
// Job packages own one idea each and do no I/O of their own unless named:
// intent (reading an add text; forget/resolve matching), ingest (fact
// decisions, categories), recall (fusion, query priors), index (in-memory
// shards), extract (facts from turns), timeref (dates in text), text (the
// tokenizer and stop list), media (image fetch and inspection), skill,
// entity, and store (the Badger backend of Store).
package engine
