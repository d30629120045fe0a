// Package service is the memsvc engine: *Engine implements engine.Service
// over an engine.Store and the model seams, and is what cmd/memsvc
// constructs with New. The domain types, errors and validation it works on
// live in the engine root; the pure decisions it applies live in the job
// packages (engine/intent, engine/ingest, engine/recall, engine/extract…).
//
// The write transaction, its plan, the per-user lock and the write hooks
// are the kernel (engine/service/kernel), which every job that writes
// goes through. A job that needs nothing of the write transaction is a
// subpackage *Engine embeds and hands what it needs as functions (search,
// account; composeJobs in engine.go); history, skills and entities hold
// the kernel for their write hooks and writes; the ingest side (reading
// an add call, the note and conversation pipeline, episodes, decisions,
// supersession, correct, capture) is still methods of *Engine here.
//
// Map of the package, by job:
//
//	engine.go        Deps, New, composeJobs, Close, health (Check)
//	kernel/          the one write transaction, its plan, the write hooks,
//	                 the per-user lock, loaded shards, embedding
//	kernel.go        *Engine's short names for the kernel's calls and types
//	read.go          Get, List, Delete, and loading memories by id
//
//	ingest.go        Ingest: one add call of an edge, read by engine/intent
//	add.go           Add (verbatim) and the text check every write shares
//	note.go          Note: one deliberate text through the pipeline
//	intent.go        Forget, Resolve (matching rule: engine/intent/match.go)
//	pipeline.go      AddConversation: extract, decide (engine/ingest), write
//	extract.go       running the extractors, the model's health window
//	episode.go       turns kept as said and the facts linked to them
//	llmdecide.go     a model's decisions, checked against the built-in rules
//	supersede.go     Supersede and the closing of a memory's validity window
//	correct.go       Correct: a memory superseded by its corrected text
//	secrets.go       redacting secrets from turns before they are stored
//	capture.go       image capture queue (engine/media does the image work)
//
//	search/          Search (the embedded *search.Searcher): views, fusion
//	                 (engine/recall), priors, relevance, rerank; read-only
//
//	skills/          skill learning (a write hook) and the skill reads
//	entities/        entity linking (a write hook), suggestions, and the
//	                 background jobs merging duplicate entities
//	jobs.go          the Service calls job packages answer, passed on
//	history/         a memory's history (a write hook) and its reads
//	account/         Export, Import and EraseUser (the embedded
//	                 *account.Accounts): a user's data as a whole
package service
