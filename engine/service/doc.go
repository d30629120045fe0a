// Package service is the memsvc engine: *Engine implements engine.Service
// over an engine.Store and the model seams, and is what cmd/memsvc
// constructs with New. The domain types, errors and validation it works on
// live in the engine root; the pure decisions it applies live in the job
// packages (engine/intent, engine/ingest, engine/recall, engine/extract…).
//
// This package is only the composition: New builds the kernel and the job
// subpackages below, composeJobs hands each what it needs of the others as
// functions, and *Engine answers each Service call by passing it on (the
// embedded search and account, or a forward in jobs.go). The write
// transaction, its plan, the per-user lock and the write hooks are the
// kernel, which every job that writes goes through.
//
// Map, by job:
//
//	engine.go        Deps, New, composeJobs, Close, health (Check)
//	dashboard.go     Timeline, Image and Users for the dashboard
//	trash.go         DeleteUndoable, Undelete, RecentDeletions (the
//	                 dashboard's undo; memories/trash.go)
//	cache.go         the loaded shards' figures for /metrics
//	jobs.go          the Service calls job packages answer, passed on
//	kernel/          the one write transaction, its plan, the write hooks,
//	                 the per-user lock, loaded shards kept at the store's
//	                 version for replicas (kernel/replica.go), embedding
//
//	write/           the ingest side (*write.Writer):
//	  ingest.go      Ingest: one add call of an edge, read by engine/intent
//	  add.go         Add (verbatim) and the text check every write shares
//	  note.go        Note: one deliberate text through the pipeline
//	  intent.go      Forget, Resolve (matching rule: engine/intent/match.go)
//	  pipeline.go    AddConversation: extract, decide (engine/ingest), write
//	  extract.go     running the extractors, the model's health window
//	  episode.go     turns kept as said and the facts linked to them
//	  llmdecide.go   a model's decisions, checked against the built-in rules
//	  supersede.go   Supersede and the closing of a memory's validity window
//	  correct.go     Correct: a memory superseded by its corrected text
//	  secrets.go     redacting secrets from turns before they are stored
//	capture/         the image capture queue (*capture.Queue; engine/media
//	                 does the image work), leased from the store's job
//	                 queue across replicas (capture/lease.go), its stats
//	memories/        Get, List, Delete, and Load (memories by id) that
//	                 search and write share; the undo trash (trash.go)
//
//	search/          Search (the embedded *search.Searcher): views, fusion
//	                 (engine/recall), priors, relevance, rerank; read-only
//	skills/          skill learning (a write hook) and the skill reads
//	entities/        entity linking (a write hook), suggestions, and the
//	                 background jobs merging duplicate entities, one per
//	                 user across replicas (entities/reconcilelease.go)
//	history/         a memory's history (a write hook) and its reads
//	account/         Export, Import and EraseUser (the embedded
//	                 *account.Accounts): a user's data as a whole
//	dashboard.go     Timeline, Image, Users: the dashboard's own reads
package service
