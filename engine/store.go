package engine

import (
	"context"
)

// Store is the durable persistence the engine runs on (implemented by
// engine/store on Badger). Every key it writes contains the user id, so
// tenancy is a property of the key layout, not of filters.
type Store interface {
	// Update runs fn in one read-write transaction scoped to user: either every
	// write of fn is committed durably or none is.
	Update(ctx context.Context, user string, fn func(Tx) error) error
	// View runs fn in a read-only snapshot scoped to user.
	View(ctx context.Context, user string, fn func(Tx) error) error
	// ScanMemories streams every memory of user with its stored vector (nil if
	// none), in id order. It is how the in-memory index is rebuilt.
	ScanMemories(ctx context.Context, user string, fn func(m *Memory, vec []float32) error) error
	// ScanPostings streams every posting of user's inverted index (the
	// in-memory text index is rebuilt from it).
	ScanPostings(ctx context.Context, user string, fn func(term, id string, tf, docLen int) error) error
	// Users lists every user id that has data under collection (for
	// background work such as resuming image captures).
	Users(ctx context.Context, collection string) ([]string, error)
	// GetMeta and PutMeta hold store-wide settings such as the embedding model.
	GetMeta(ctx context.Context, key string) (string, error)
	PutMeta(ctx context.Context, key, value string) error
	// Check reports whether the store can serve reads and writes.
	Check(ctx context.Context) error
	Close() error
}

// Tx is a transaction over one user's data. Write methods fail in a View.
type Tx interface {
	// GetMemory returns the memory or an ENotFound *Error.
	GetMemory(id string) (*Memory, error)
	// PutMemory creates or replaces a memory and brings its postings in step
	// (terms is the analysed text, duplicates meaning term frequency).
	PutMemory(m *Memory, terms []string) error
	// PutVector stores the memory's embedding.
	PutVector(id string, vec []float32) error
	// DeleteMemory removes the memory and every trace of it: vector,
	// postings, forward list. ENotFound if absent.
	DeleteMemory(id string) error
	// PutDoc, GetDoc, DeleteDoc and ScanDocs store JSON documents of other
	// kinds (skills, entities, jobs, capture queue) under collection/id.
	PutDoc(collection, id string, v any) error
	GetDoc(collection, id string, v any) error
	DeleteDoc(collection, id string) error
	ScanDocs(collection, prefix string, fn func(id string, raw []byte) error) error
}

// Meaning is a memory's sentence vector (its "meaning vector": the built-in
// sentence encoder's unit vector of its text), int8-quantised with one
// scale as the index holds embeddings (engine/index/quant.go). It is
// derived data: a store drops it when the memory's text changes or the
// memory is deleted, export does not carry it, and the engine refills it
// in the background (engine/service/kernel/meanings.go).
type Meaning struct {
	Vec   []int8
	Scale float32
}

// TextMeaning is the meaning of memory ID computed from Text.
type TextMeaning struct {
	ID, Text string
	Meaning
}

// MeaningTx is the optional capability of a write transaction that keeps
// meaning vectors (both backends). PutMeanings stores each of ms whose
// memory still holds its Text, and returns the ids it stored, in no order;
// the others (deleted, or rewritten since the text was read) are skipped.
// The store checks the text itself, so a batch costs one statement where
// it has statements, and drops a meaning when PutMemory changes its text.
type MeaningTx interface {
	PutMeanings(ms []TextMeaning) (stored []string, err error)
}

// MeaningReader is the optional capability of a transaction, read or
// write, of a store that keeps meaning vectors (both backends). GetMeaning
// returns the meaning stored for memory id, ok false when there is none or
// the store knows it was computed from another text than text (a store
// that keeps the text's sum checks it): the filler reads it rather than
// encode a text again.
type MeaningReader interface {
	GetMeaning(id, text string) (m Meaning, ok bool, err error)
}

// MeaningStore is the optional capability of a store whose memories have
// meaning vectors. ScanMeanings streams user's stored meanings in id order
// (a shard's load reads them beside ScanMemories).
type MeaningStore interface {
	ScanMeanings(ctx context.Context, user string, fn func(id string, m Meaning) error) error
}
