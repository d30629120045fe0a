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
//	memory.go       Memory, Source and its kinds, memory types and states
//	service.go      Writer, Reader, Recaller, Skills, Entities: what edges call
//	store.go        Store and Tx: the storage seam (engine/store implements it)
//	engine.go       Config and its defaults, Deps, New, health
//	ingest.go       Ingest: one add call of an edge, read by engine/intent
//	add.go          Add (verbatim), the caps on shared fields
//	note.go         Note: one deliberate text through the pipeline
//	intent.go       Forget and Resolve: act on the memory a request names
//	pipeline.go     AddConversation: extract, decide, write facts
//	decide.go       Decide: ADD / UPDATE / SUPERSEDE / NONE for one fact
//	supersede.go    Supersede and the closing of a memory's validity window
//	write.go        the one write transaction (plan, index, derived records)
//	search.go       Search: views, fusion, rerank (rank.go, priors.go, textview.go)
//	read.go         Get, List and its filter, Delete
//	capture.go      image capture queue (engine/media does the image work)
//	skills.go, entities.go, reconcile*.go   skill and entity learning
//
// Subpackages own one idea each: index (in-memory shards), intent (reading
// an add text), extract (facts from turns), timeref (dates in text), text
// (the tokenizer and stop list), media, skill, entity, store.
package engine
