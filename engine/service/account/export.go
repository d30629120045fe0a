package account

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/text"
)

// Export writes the data of users (nil: every user) to w as JSON Lines.
// Each user is read under its write lock, so it is a consistent cut of
// that user (see exportUser).
func (e *Accounts) Export(ctx context.Context, w io.Writer, users []string) error {
	if users == nil {
		all, err := e.allUsers(ctx)
		if err != nil {
			return err
		}
		users = all // as stored: an id a newer rule refuses is exported all the same
	} else {
		for _, u := range users {
			if err := engine.ValidateUser(u); err != nil {
				return err
			}
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	at := e.now().UTC()
	if err := enc.Encode(engine.ExportRecord{Kind: "header", Format: engine.ExportFormat, Version: engine.ExportVersion,
		Embedder: e.embedderID(), At: &at}); err != nil {
		return err
	}
	var st engine.ExportStats
	blobs := map[string]bool{}
	for _, u := range users {
		if err := e.exportUser(ctx, bw, u, &st, blobs); err != nil {
			return fmt.Errorf("export %s: %w", u, err)
		}
		st.Users++
	}
	if err := e.exportBlobs(ctx, enc, blobs, &st); err != nil {
		return err
	}
	if err := enc.Encode(engine.ExportRecord{Kind: "end", Users: st.Users, Memories: st.Memories, Docs: st.Docs, Blobs: st.Blobs}); err != nil {
		return err
	}
	return bw.Flush()
}

// exportUser writes user's records to w. They are read under the user's
// write lock into a spool file and sent from there once the lock is
// released: written to w directly, a client reading the export slowly held
// every write of that user (or, exporting every user, of each in turn) for
// as long as it liked. The spool is in the temporary directory ($TMPDIR).
func (e *Accounts) exportUser(ctx context.Context, w io.Writer, user string, st *engine.ExportStats, blobs map[string]bool) error {
	spool, err := openSpool()
	if err != nil {
		return engine.Internal("export spool", err)
	}
	defer spool.Close()
	sw := bufio.NewWriterSize(spool, 64<<10)
	enc := json.NewEncoder(sw)
	enc.SetEscapeHTML(false)
	if err := e.readUser(ctx, enc, user, st, blobs); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return engine.Internal("export spool", err)
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return engine.Internal("export spool", err)
	}
	_, err = io.Copy(w, spool)
	return err
}

// openSpool creates the export's spool file and unlinks it at once; the open
// file works on. Removed only when the export ended, a process killed on the
// way (`memsvc export | head -1` dies of SIGPIPE) left a copy of the user's
// memories in $TMPDIR for good.
func openSpool() (*os.File, error) {
	spool, err := os.CreateTemp("", "memsvc-export-*.jsonl")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(spool.Name()); err != nil {
		spool.Close()
		return nil, err
	}
	return spool, nil
}

// readUser encodes user's memories and documents under the user's write lock.
func (e *Accounts) readUser(ctx context.Context, enc *json.Encoder, user string, st *engine.ExportStats, blobs map[string]bool) error {
	unlock, err := e.lockUser(ctx, user)
	if err != nil {
		return err
	}
	defer unlock()
	err = e.store.ScanMemories(ctx, user, func(m *engine.Memory, vec []float32) error {
		if m.Source != nil && m.Source.BlobSHA256 != "" {
			blobs[m.Source.BlobSHA256] = true
		}
		st.Memories++
		return enc.Encode(engine.ExportRecord{Kind: "memory", User: user, Memory: m, Vector: vec})
	})
	if err != nil {
		return err
	}
	return e.store.View(ctx, user, func(tx engine.Tx) error {
		for _, c := range e.collections {
			err := tx.ScanDocs(c, "", func(id string, raw []byte) error {
				if c == e.captureCollection {
					e.noteCaptureBlob(blobs, raw)
				}
				st.Docs++
				return enc.Encode(engine.ExportRecord{Kind: "doc", User: user, Collection: c, ID: id, Doc: raw})
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// exportBlobs writes the image files the exported memories and capture jobs
// name; a file missing on disk is skipped (the memory still has its text).
func (e *Accounts) exportBlobs(ctx context.Context, enc *json.Encoder, blobs map[string]bool, st *engine.ExportStats) error {
	if e.media == nil || e.media.Blobs == nil {
		return nil
	}
	for _, sha := range slices.Sorted(maps.Keys(blobs)) {
		data, err := e.media.Blobs.GetBlob(ctx, sha)
		if engine.ErrorCode(err) == engine.ENotFound {
			e.log.Warn("export: image file missing", "sha256", sha)
			continue
		}
		if err != nil {
			return err
		}
		st.Blobs++
		if err := enc.Encode(engine.ExportRecord{Kind: "blob", SHA256: sha, Data: base64.StdEncoding.EncodeToString(data)}); err != nil {
			return err
		}
	}
	return nil
}

// importBatch is how many records one import transaction writes.
const importBatch = 128

// Import reads an export and writes its records as they are (ids, times,
// vectors, derived documents), so the store answers as the exported one
// did. It refuses a file made with another embedding model or dimension,
// and reports a file cut short. Records of a user already present replace
// the stored ones with the same id; import into an empty store.
func (e *Accounts) Import(ctx context.Context, r io.Reader) (engine.ExportStats, error) {
	return e.importFrom(ctx, r, false)
}

// CheckImport reads an export as Import does and refuses it for the same
// reasons, but writes nothing: a caller that checks a file first, then
// imports it, leaves the store untouched by a bad record anywhere in the
// file (Import writes in batches, so a bad record past the first batch
// found the earlier ones already written). The stats count what Import
// would write.
func (e *Accounts) CheckImport(ctx context.Context, r io.Reader) (engine.ExportStats, error) {
	return e.importFrom(ctx, r, true)
}

func (e *Accounts) importFrom(ctx context.Context, r io.Reader, dryRun bool) (engine.ExportStats, error) {
	var st engine.ExportStats
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := engine.ReadExportHeader(br)
	if err != nil {
		return st, err
	}
	dec := json.NewDecoder(br)
	// An export of an earlier built-in embedder carries its texts: they are
	// embedded again as they are written (reembed.Automatic).
	again := head.Embedder != e.embedderID() && reembed.Automatic(head.Embedder, e.embedderID())
	if head.Embedder != e.embedderID() && !again {
		return st, engine.Errorf(engine.EConflict, "the export holds embeddings of %q but this store uses %q; "+
			"import it with the export's embedding model and dimension (--embedder), then run `memsvc reembed` "+
			"with the new one", head.Embedder, e.embedderID())
	}
	in := importer{e: e, ctx: ctx, users: map[string]bool{}, dryRun: dryRun, reembed: again}
	defer func() {
		for u := range in.users {
			e.shards.Drop(u)
		}
	}()
	for {
		var rec engine.ExportRecord
		err := dec.Decode(&rec)
		if err == io.EOF {
			return in.st, engine.Errorf(engine.EInvalid, "the export ends without its end record: the file was cut short")
		}
		if err != nil {
			return in.st, engine.Errorf(engine.EInvalid, "export line %d: %v", in.line+2, err)
		}
		in.line++
		if rec.Kind == "end" {
			if err := in.flush(); err != nil {
				return in.st, err
			}
			in.st.Users = len(in.users)
			return in.st, nil
		}
		if err := in.add(rec); err != nil {
			return in.st, err
		}
	}
}

type importer struct {
	e       *Accounts
	ctx     context.Context
	users   map[string]bool
	user    string
	pending []engine.ExportRecord
	line    int
	st      engine.ExportStats
	seen    map[[2]string]bool // (user, memory id) of the records read
	dryRun  bool               // check every record, write none (CheckImport)
	reembed bool               // the export's vectors are of an earlier built-in model: embed the texts again
}

// checkMemory refuses a memory record no export of this engine writes: an
// id that could not be named, a memory of another user than its record's,
// an id that is a literal route (engine.ReservedID), a text longer than the
// engine writes or not UTF-8, an unknown state or
// type, an id the file already gave (the later record would silently win),
// tags, a session id, a project or metadata a write would refuse (and
// metadata's secrets redacted as a write's are).
// An import file is input like any request; it must not put into a store
// what the API would refuse.
func (in *importer) checkMemory(user string, m *engine.Memory) error {
	if err := engine.ValidateID("memory id", m.ID); err != nil {
		return err
	}
	switch {
	case engine.ReservedID(m.ID):
		return engine.Invalid("memory id", "%q is a route of the API or the dashboard, so a memory with it could not be reached; give it another id", m.ID)
	case m.UserID != "" && m.UserID != user:
		return engine.Invalid("user_id", "memory %s belongs to %q, but its record to %q", m.ID, m.UserID, user)
	case strings.TrimSpace(m.Text) == "":
		return engine.Invalid("text", "memory %s: empty; every memory has a text", m.ID)
	case in.e.maxTextBytes > 0 && len(m.Text) > in.e.maxTextBytes:
		return engine.Invalid("text", "memory %s: longer than %d bytes", m.ID, in.e.maxTextBytes)
	case !utf8.ValidString(m.Text):
		return engine.Invalid("text", "memory %s: not valid UTF-8", m.ID)
	case !knownState(m.State):
		return engine.Invalid("state", "memory %s: unknown state %q", m.ID, m.State)
	case !engine.ValidMemoryType(m.MemoryType):
		return engine.Invalid("memory_type", "memory %s: unknown type %q", m.ID, m.MemoryType)
	}
	if m.CreatedAt.IsZero() {
		return engine.Invalid("created_at", "memory %s: missing; every memory says when it was made", m.ID)
	}
	// The fields a write shares pass the write's checks: an export of a
	// store written before metadata was redacted, or names refused for a
	// secret, brings no secret back (metadata values are redacted, a
	// tag, session id, project or metadata key holding one is refused).
	mendNames(m)
	if err := engine.ValidateShared(m.Tags, m.Metadata, m.SessionID, m.Project); err != nil {
		return engine.Errorf(engine.EInvalid, "memory %s: %s", m.ID, engine.ErrorMessage(err))
	}
	key := [2]string{user, m.ID}
	if in.seen[key] {
		return engine.Invalid("id", "memory %s of %q appears twice", m.ID, user)
	}
	if in.seen == nil {
		in.seen = map[[2]string]bool{}
	}
	in.seen[key] = true
	return nil
}

// mendNames cleans the tags, session id and project of a memory written
// before names with invisible or look-alike characters were refused
// (engine.CleanName), so an export of such a store still imports: the
// names looked like their cleaned form, and a name that was not mended
// (a look-alike word CleanName cannot spell) is refused as before, naming
// its field.
func mendNames(m *engine.Memory) {
	mend := func(s string) string {
		if engine.ValidateName("", s) == nil {
			return s
		}
		if c := engine.CleanName(s); c != "" {
			return c
		}
		return s
	}
	for i, t := range m.Tags {
		m.Tags[i] = mend(t)
	}
	if m.SessionID != "" {
		m.SessionID = mend(m.SessionID)
	}
	if m.Project != "" {
		m.Project = mend(m.Project)
	}
}

// fillTimes gives a memory without updated_at, valid_from or recorded_at
// its created_at there, as the engine does for a memory it adds with no
// said time: a zero time was stored and exported as 0001-01-01, which
// put the fact's validity and its recording at the start of the calendar.
func fillTimes(m *engine.Memory) {
	for _, t := range []*time.Time{&m.UpdatedAt, &m.ValidFrom, &m.RecordedAt} {
		if t.IsZero() {
			*t = m.CreatedAt
		}
	}
}

// knownState reports a state the engine writes.
func knownState(s string) bool {
	switch s {
	case engine.StateActive, engine.StateSuperseded, engine.StatePending, engine.StateFailed:
		return true
	}
	return false
}

func (in *importer) add(rec engine.ExportRecord) error {
	switch rec.Kind {
	case "blob":
		return in.blob(rec)
	case "memory", "doc":
	default:
		return engine.Errorf(engine.EInvalid, "export line %d: unknown kind %q", in.line+1, rec.Kind)
	}
	// An export of a store written before user ids were composed may hold
	// one decomposed: imported, it is the user the edges now name.
	rec.User = engine.CanonicalUser(rec.User)
	if err := engine.ValidateUser(rec.User); err != nil {
		return engine.Errorf(engine.EInvalid, "export line %d: %s", in.line+1, engine.ErrorMessage(err))
	}
	if rec.Kind == "memory" && rec.Memory == nil {
		return engine.Errorf(engine.EInvalid, "export line %d: memory record without a memory", in.line+1)
	}
	if rec.Kind == "memory" {
		// A store written before texts were checked for control characters
		// exports them; its memories are kept, without the characters.
		rec.Memory.Text = engine.DropControls(rec.Memory.Text)
		rec.Memory.UserID = engine.CanonicalUser(rec.Memory.UserID)
		if err := in.checkMemory(rec.User, rec.Memory); err != nil {
			return engine.Errorf(engine.EInvalid, "export line %d: %s", in.line+1, engine.ErrorMessage(err))
		}
		fillTimes(rec.Memory)
	}
	if rec.Kind == "memory" && rec.Vector != nil && !in.reembed && len(rec.Vector) != in.e.embed.Dim() {
		return engine.Errorf(engine.EInvalid, "export line %d: vector of dimension %d, want %d", in.line+1, len(rec.Vector), in.e.embed.Dim())
	}
	if rec.Kind == "doc" && (!slices.Contains(in.e.collections, rec.Collection) || rec.ID == "") {
		return engine.Errorf(engine.EInvalid, "export line %d: unknown collection %q or empty id", in.line+1, rec.Collection)
	}
	if rec.Kind == "doc" {
		if err := in.e.checkDoc(rec); err != nil {
			return engine.Errorf(engine.EInvalid, "export line %d: %v", in.line+1, err)
		}
	}
	if rec.User != in.user || len(in.pending) >= importBatch {
		if err := in.flush(); err != nil {
			return err
		}
	}
	in.user = rec.User
	in.users[rec.User] = true
	in.pending = append(in.pending, rec)
	return nil
}

// flush writes the pending records of one user in one transaction.
func (in *importer) flush() error {
	if len(in.pending) == 0 {
		return nil
	}
	if in.dryRun {
		in.count()
		return nil
	}
	if err := in.embedAgain(); err != nil {
		return err
	}
	unlock, err := in.e.lockUser(in.ctx, in.user)
	if err != nil {
		return err
	}
	defer unlock()
	err = in.e.store.Update(in.ctx, in.user, func(tx engine.Tx) error {
		for _, rec := range in.pending {
			if rec.Kind == "doc" {
				if err := tx.PutDoc(rec.Collection, rec.ID, rec.Doc); err != nil {
					return err
				}
				continue
			}
			if err := tx.PutMemory(rec.Memory, text.Analyze(rec.Memory.Text)); err != nil {
				return err
			}
			if rec.Vector != nil {
				if err := tx.PutVector(rec.Memory.ID, rec.Vector); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	in.count()
	return nil
}

// embedAgain replaces the pending memories' vectors, made by an earlier
// built-in embedder, with this store's embedding of their texts, and
// their recorded embedding model with this store's.
func (in *importer) embedAgain() error {
	if !in.reembed {
		return nil
	}
	var recs []*engine.ExportRecord
	var texts []string
	for i := range in.pending {
		if rec := &in.pending[i]; rec.Kind == "memory" && rec.Vector != nil {
			recs, texts = append(recs, rec), append(texts, rec.Memory.Text)
		}
	}
	if len(texts) == 0 {
		return nil
	}
	vecs, err := reembed.EmbedStored(in.ctx, in.e.embed, texts)
	if err != nil {
		return err
	}
	for i, rec := range recs {
		rec.Vector = vecs[i]
		if src := rec.Memory.Source; src != nil && src.EmbeddingModel != "" {
			src.EmbeddingModel, src.EmbeddingDim = in.e.embed.Model(), in.e.embed.Dim()
		}
	}
	return nil
}

// count adds the pending records to the stats and empties them.
func (in *importer) count() {
	for _, rec := range in.pending {
		if rec.Kind == "doc" {
			in.st.Docs++
		} else {
			in.st.Memories++
		}
	}
	in.pending = in.pending[:0]
}

func (in *importer) blob(rec engine.ExportRecord) error {
	data, err := base64.StdEncoding.DecodeString(rec.Data)
	if err != nil {
		return engine.Errorf(engine.EInvalid, "export line %d: image data: %v", in.line+1, err)
	}
	md := in.e.media
	if md == nil || md.Blobs == nil {
		return engine.Errorf(engine.EInvalid, "the export holds image files but this server has images disabled")
	}
	if in.dryRun {
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != rec.SHA256 {
			return engine.Errorf(engine.EInvalid, "export line %d: image data does not match its sha256", in.line+1)
		}
		in.st.Blobs++
		return nil
	}
	sha, err := md.Blobs.PutBlob(in.ctx, data)
	if err != nil {
		return engine.Internal("import image", err)
	}
	if sha != rec.SHA256 {
		return engine.Errorf(engine.EInvalid, "export line %d: image data does not match its sha256", in.line+1)
	}
	in.st.Blobs++
	return nil
}

// allUsers lists every user of the store, when the store can.
func (e *Accounts) allUsers(ctx context.Context) ([]string, error) {
	ul, ok := e.store.(engine.UserLister)
	if !ok {
		return nil, engine.Errorf(engine.EUnavailable, "this store cannot list its users")
	}
	return ul.AllUsers(ctx)
}

// checkDoc refuses a document that does not decode as its collection's
// type: written as it came, every later read of it failed, and the user's
// searches, deletes and history answered 500 until the store was rebuilt.
func (e *Accounts) checkDoc(rec engine.ExportRecord) error {
	if e.docShape == nil {
		return nil
	}
	shape := e.docShape(rec.Collection, rec.ID)
	if shape == nil {
		return fmt.Errorf("collection %q holds no document %q", rec.Collection, rec.ID)
	}
	if err := json.Unmarshal(rec.Doc, shape); err != nil {
		return fmt.Errorf("document %q of collection %q does not read as one: %v", rec.ID, rec.Collection, err)
	}
	return nil
}
