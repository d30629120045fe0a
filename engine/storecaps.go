package engine

import (
	"context"
	"time"
)

// Optional store capabilities. A Store may implement any of these; the
// engine discovers them with a type assertion, so a backend without them
// (or a test fake) still satisfies Store.

// VersionedStore is a store that counts each user's committed writes. Every
// successful Update of a user bumps that user's version by one in the same
// transaction (and, on PostgreSQL, serialises the user's writers across
// replicas on the version row's lock), so a replica that remembers the
// version its in-memory shard reflects can tell whether it is stale and
// catch up from Changes instead of reloading the shard.
type VersionedStore interface {
	// Version returns user's current version: 0 for a user never written.
	Version(ctx context.Context, user string) (int64, error)
	// Changes calls fn, in version order (ties by id), for every memory of
	// user whose record, vector or postings changed after version since,
	// deletes included as tombstones, and returns the version the list is
	// complete up to. A change reports the last version that touched the
	// id, so an id changed twice is reported once. Memory and Vector are
	// read from the same snapshot as upTo.
	Changes(ctx context.Context, user string, since int64, fn func(Change) error) (upTo int64, err error)
}

// Change is one memory id changed after a version. Deleted is a tombstone:
// drop the id from the shard. Otherwise Memory is its record now (nil if
// only a vector was ever written for the id) and Vector its embedding (nil
// if none); its terms are text.Analyze(Memory.Text), as the engine wrote them.
type Change struct {
	ID      string
	Version int64
	Deleted bool
	Memory  *Memory
	Vector  []float32
}

// VersionedTx is the Tx of a VersionedStore's Update: Version is the version
// the Update commits (the user's version before it plus one), known from the
// start because the user's writers are serialised.
type VersionedTx interface {
	Version() int64
}

// JobQueue is a store that leases background jobs (image captures,
// reconcile runs) to workers, so a job started by a replica that dies is
// finished by another: a claim holds the job until its lease expires, and
// an expired lease can be claimed again.
type JobQueue interface {
	// EnqueueJob adds job id of user to queue; enqueueing an id the user
	// already has queued changes nothing.
	EnqueueJob(ctx context.Context, queue, user, id string, payload []byte) error
	// ClaimJob leases the oldest job of queue that nobody holds (never
	// claimed, or its lease expired) to worker for lease. It returns an
	// ENotFound *Error when there is none.
	ClaimJob(ctx context.Context, queue, worker string, lease time.Duration) (*Job, error)
	// ExtendJob renews the lease of a job the worker still holds.
	ExtendJob(ctx context.Context, job *Job, lease time.Duration) error
	// CompleteJob removes a finished job. It returns an EConflict *Error
	// when the worker's lease was lost (expired and claimed by another), so
	// the job's effects must be idempotent.
	CompleteJob(ctx context.Context, job *Job) error
}

// JobTx is the Tx of a JobQueue store's Update: EnqueueJob queues a job
// of the transaction's user atomically with its other writes, so a pending
// image and its capture job commit together or not at all.
type JobTx interface {
	EnqueueJob(queue, id string, payload []byte) error
}

// Job is one leased job. Claim identifies the lease: it changes on every
// claim, so a worker whose lease expired cannot complete another's claim.
type Job struct {
	Queue, ID, User string
	Payload         []byte
	Worker          string
	Claim           int64
	LeaseUntil      time.Time
}

// BlobStore keeps image files under the hex SHA-256 of their bytes, so the
// same image stored twice is kept once. Every replica must read what any
// replica stored: a single server keeps files in its data directory
// (store.FileBlobs); the PostgreSQL store implements it itself, so replicas
// share images through the database.
type BlobStore interface {
	// PutBlob stores data durably and returns its SHA-256 (hex).
	PutBlob(ctx context.Context, data []byte) (sha string, err error)
	// GetBlob returns the bytes stored under sha, or an ENotFound *Error.
	GetBlob(ctx context.Context, sha string) ([]byte, error)
	// DeleteBlob removes the blob; deleting a missing blob is no error.
	DeleteBlob(ctx context.Context, sha string) error
}
