// Package service is the memsvc engine: *Engine implements engine.Service
// over an engine.Store and the model seams, and is what cmd/memsvc
// constructs with New. The domain types, errors and validation it works on
// live in the engine root; the pure decisions it applies live in the job
// packages (engine/intent, engine/ingest, engine/recall, engine/extract…).
//
// A job that needs nothing of the write transaction is a subpackage
// *Engine embeds and hands what it needs as functions (search, account;
// composeJobs in engine.go); the jobs that write share *Engine's fields,
// its write transaction and plan (write.go).
//
// Map of the package, by job:
//
//	engine.go        Deps, New, Close, health (Check), the per-user write lock
//	write.go         the one write transaction, its plan, and the write hooks
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
//	skills.go        skill learning (a write hook) and the skill reads
//	entities.go      entity linking (a write hook) and suggestions
//	reconcile*.go    background jobs merging duplicate entities
//	history.go       a memory's history (a write hook) and its reads
//	account/         Export, Import and EraseUser (the embedded
//	                 *account.Accounts): a user's data as a whole
package service
