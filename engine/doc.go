// Package engine is the memsvc domain: the types (Memory, Source, Query,
// requests and results, entities, reconcile jobs, history and export
// records), the one error type and its codes, validation on the types, the
// service interfaces the edges call (service.go) and the seams the engine
// reaches through (the Store of store.go, the model interfaces of
// config.go). It holds no implementation: engine/service implements
// Service, and cmd/memsvc constructs it. Edges import this package, never
// the implementation, and translate engine errors into their own statuses.
//
// Map of the package (a new reader starts at service.go):
//
//	service.go      Writer, Reader, Recaller, Skills, Entities, Operator: what edges call
//	errors.go       Error, the codes, Invalid/Internal helpers
//	memory.go       Memory, Source and its kinds, memory types, states, events
//	request.go      AddRequest, IngestRequest, ConversationRequest, CaptureRequest,
//	                WriteResult; the caps on every write and ValidateShared
//	query.go        Query and its Validate, SearchResult; ListFilter and Page
//	entity.go       Entity, EntitySuggestion, ReconcileRequest and ReconcileJob
//	account.go      History, ExportRecord, ExportStats; the UserLister and
//	                UserEraser store capabilities
//	config.go       Config, DefaultConfig, FillDefaults, Validate; ValidateUser;
//	                the model seams Embedder, Reranker, WordForms,
//	                WordFrequency, Extractor, Decider, Captioner (package llm
//	                implements them)
//	store.go        Store and Tx: the storage seam (engine/store implements it)
//	storecaps.go    optional Store capabilities (versions, jobs)
//	dashboard.go    Dashboard (the dashboard's own reads and its undoable
//	                delete), TimelineFilter, UserPage, Deletion, UndoWindow
//	contentfilter.go ContentFilter: the list's tag and metadata filter
//
// Implementations live in subpackages, each owning one idea: service (the
// engine itself, composed of its job packages kernel, write, capture,
// memories, search, skills, entities, history and account; its doc.go maps it), intent (reading an add text; forget/resolve matching),
// ingest (fact decisions, categories), recall (fusion, query priors), index
// (in-memory shards), extract (facts from turns), timeref (dates in text),
// redact (secrets), media (image fetch and inspection), skill, entity, reembed
// (embedding every stored text again for a new embedding model), and
// store (the Badger and PostgreSQL backends of Store). The tokenizer and stop
// list are the top-level package text, a leaf llm shares. The root imports only the pure leaf packages whose
// types its own types carry (index.Match, recall.SpreadWeights, skill.Skill,
// extract.Fact, media.Ref, intent.Kind, ingest's event names).
package engine
