package postgres

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
)

// tx implements engine.Tx over one pgx transaction of one user. engine.Tx
// methods take no context, so tx carries Update's or View's.
type tx struct {
	ctx     context.Context
	ptx     pgx.Tx
	user    string
	version int64 // the version this Update commits; 0 in a View
	write   bool
}

// Version is the version this Update commits (engine.VersionedTx).
func (t *tx) Version() int64 { return t.version }

func (t *tx) GetMemory(id string) (*engine.Memory, error) {
	var raw []byte
	err := t.ptx.QueryRow(t.ctx, "SELECT record FROM memories WHERE user_id = $1 AND id = $2", t.user, id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, engine.Errorf(engine.ENotFound, "memory %q not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: get memory: %w", err)
	}
	var m engine.Memory
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("store: decode memory %s: %w", id, err)
	}
	return &m, nil
}

// PutMemory writes the record, replaces its postings and records the change
// in one round trip.
func (t *tx) PutMemory(m *engine.Memory, terms []string) error {
	if !t.write {
		return store.ErrReadOnly
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("store: encode memory: %w", err)
	}
	order, counts := store.TermCounts(terms)
	tfs := make([]int32, len(order))
	for i, term := range order {
		tfs[i] = int32(counts[term])
	}
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO memories (user_id, id, record) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, id) DO UPDATE SET record = EXCLUDED.record`, t.user, m.ID, raw)
	b.Queue("DELETE FROM postings WHERE user_id = $1 AND id = $2", t.user, m.ID)
	b.Queue(`INSERT INTO postings (user_id, term, id, tf, doc_len)
		SELECT $1, term, $2, tf, $3 FROM unnest($4::text[], $5::int4[]) AS p(term, tf)`,
		t.user, m.ID, int32(len(terms)), order, tfs)
	// A meaning vector read the text it was computed from (engine.Meaning).
	b.Queue("DELETE FROM meanings WHERE user_id = $1 AND id = $2 AND text_sum <> $3", t.user, m.ID, textSum(m.Text))
	t.queueChange(b, m.ID, false)
	if err := t.ptx.SendBatch(t.ctx, b).Close(); err != nil {
		return fmt.Errorf("store: put memory: %w", err)
	}
	return nil
}

// PutMeanings stores the meanings of ms whose memories still hold the
// text each was computed from (engine.MeaningTx), with that text's sum, in
// one statement that checks the sum against the stored text (a batch of
// the filler is one round trip, not three a meaning). They are derived
// data: no change is recorded, as other replicas need none to serve (they
// encode at query time what their shard lacks).
func (t *tx) PutMeanings(ms []engine.TextMeaning) ([]string, error) {
	if !t.write {
		return nil, store.ErrReadOnly
	}
	at := make(map[string]int, len(ms)) // one row per id: ON CONFLICT refuses to touch a row twice
	var (
		ids        []string
		sums, vecs [][]byte
	)
	for _, m := range ms {
		if i, ok := at[m.ID]; ok {
			sums[i], vecs[i] = textSum(m.Text), store.EncodeMeaning(m.Meaning)
			continue
		}
		at[m.ID] = len(ids)
		ids, sums, vecs = append(ids, m.ID), append(sums, textSum(m.Text)), append(vecs, store.EncodeMeaning(m.Meaning))
	}
	rows, err := t.ptx.Query(t.ctx, `INSERT INTO meanings (user_id, id, text_sum, vec)
		SELECT m.user_id, m.id, i.sum, i.vec FROM unnest($2::text[], $3::bytea[], $4::bytea[]) AS i(id, sum, vec)
		JOIN memories m ON m.user_id = $1 AND m.id = i.id
		WHERE i.sum = `+storedTextSum+`
		ON CONFLICT (user_id, id) DO UPDATE SET text_sum = EXCLUDED.text_sum, vec = EXCLUDED.vec
		RETURNING id`, t.user, ids, sums, vecs)
	if err != nil {
		return nil, fmt.Errorf("store: put meanings: %w", err)
	}
	stored, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: put meanings: %w", err)
	}
	return stored, nil
}

// GetMeaning returns the meaning stored for memory id computed from text
// (engine.MeaningReader); an unreadable one is none, and so is one whose
// memory no longer holds that text (currentMeaning).
func (t *tx) GetMeaning(id, text string) (engine.Meaning, bool, error) {
	var vec, sum, record []byte
	err := t.ptx.QueryRow(t.ctx, "SELECT n.vec, n.text_sum, m.record FROM "+meaningsWithRecords+" AND n.id = $2 AND n.text_sum = $3",
		t.user, id, textSum(text)).Scan(&vec, &sum, &record)
	if errors.Is(err, pgx.ErrNoRows) {
		return engine.Meaning{}, false, nil
	}
	if err != nil {
		return engine.Meaning{}, false, fmt.Errorf("store: get meaning: %w", err)
	}
	m, ok := currentMeaning(vec, sum, record)
	return m, ok, nil
}

// meaningsWithRecords is the SQL of user $1's meanings n beside their
// memories m, for GetMeaning and ScanMeanings to add to.
const meaningsWithRecords = `meanings n JOIN memories m ON m.user_id = n.user_id AND m.id = n.id WHERE n.user_id = $1`

// currentMeaning decodes a stored meaning (vec), ok only while its memory's
// record holds the text it was computed from (sum): a replica older than
// the meanings table rewrites a text without dropping its meaning, which
// must not be read with the new one. The text is read in Go: with jsonb in
// SQL a shard's load of 2,016 meanings took 163 ms, in Go 88 ms (unchecked
// 26 ms; BenchmarkScanMeanings, medians of 3).
func currentMeaning(vec, sum, record []byte) (engine.Meaning, bool) {
	var r struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(record, &r) != nil || !bytes.Equal(sum, textSum(r.Text)) {
		return engine.Meaning{}, false
	}
	return store.DecodeMeaning(vec)
}

// storedTextSum is the SQL of textSum of the text memories row m holds
// (PutMeanings checks it in its one statement, as currentMeaning does in
// Go), NULL (no meaning matches it) for a record holding a \u0000 escape,
// which jsonb refuses (the engine refuses NULs, an import may not have).
const storedTextSum = `sha256(convert_to(CASE WHEN position('\u0000' in convert_from(m.record, 'UTF8')) = 0
	THEN convert_from(m.record, 'UTF8')::jsonb ->> 'text' END, 'UTF8'))`

// textSum is the SHA-256 of a memory's text, which its meaning is kept with.
func textSum(text string) []byte {
	sum := sha256.Sum256([]byte(text))
	return sum[:]
}

// queueChange records that id changed at this Update's version.
func (t *tx) queueChange(b *pgx.Batch, id string, deleted bool) {
	b.Queue(`INSERT INTO changes (user_id, id, version, deleted) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, id) DO UPDATE SET version = EXCLUDED.version, deleted = EXCLUDED.deleted`,
		t.user, id, t.version, deleted)
}

func (t *tx) PutVector(id string, vec []float32) error {
	if !t.write {
		return store.ErrReadOnly
	}
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO vectors (user_id, id, vec) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, id) DO UPDATE SET vec = EXCLUDED.vec`, t.user, id, store.EncodeVector(vec))
	t.queueChange(b, id, false)
	if err := t.ptx.SendBatch(t.ctx, b).Close(); err != nil {
		return fmt.Errorf("store: put vector: %w", err)
	}
	return nil
}

// DeleteMemory removes the record, vector and postings and leaves a
// tombstone (id and version only) in one statement; the meaning goes with
// the record (a cascading foreign key).
func (t *tx) DeleteMemory(id string) error {
	if !t.write {
		return store.ErrReadOnly
	}
	var n int
	err := t.ptx.QueryRow(t.ctx, `WITH m AS (DELETE FROM memories WHERE user_id = $1 AND id = $2 RETURNING id),
		v AS (DELETE FROM vectors WHERE user_id = $1 AND id IN (SELECT id FROM m)),
		p AS (DELETE FROM postings WHERE user_id = $1 AND id IN (SELECT id FROM m)),
		c AS (INSERT INTO changes (user_id, id, version, deleted) SELECT $1, id, $3, true FROM m
			ON CONFLICT (user_id, id) DO UPDATE SET version = EXCLUDED.version, deleted = true)
		SELECT count(*) FROM m`, t.user, id, t.version).Scan(&n)
	if err != nil {
		return fmt.Errorf("store: delete memory: %w", err)
	}
	if n == 0 {
		return engine.Errorf(engine.ENotFound, "memory %q not found", id)
	}
	return nil
}

func (t *tx) PutDoc(collection, id string, v any) error {
	if !t.write {
		return store.ErrReadOnly
	}
	raw, err := store.EncodeDoc(collection, v)
	if err != nil {
		return err
	}
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO docs (user_id, collection, id, body) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, collection, id) DO UPDATE SET body = EXCLUDED.body`, t.user, collection, []byte(id), raw)
	b.Queue(`INSERT INTO collection_users (collection, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, collection, t.user)
	if err := t.ptx.SendBatch(t.ctx, b).Close(); err != nil {
		return fmt.Errorf("store: put %s: %w", collection, err)
	}
	return nil
}

func (t *tx) GetDoc(collection, id string, v any) error {
	var raw []byte
	err := t.ptx.QueryRow(t.ctx, "SELECT body FROM docs WHERE user_id = $1 AND collection = $2 AND id = $3",
		t.user, collection, []byte(id)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return engine.Errorf(engine.ENotFound, "%s %q not found", collection, id)
	}
	if err != nil {
		return fmt.Errorf("store: get %s: %w", collection, err)
	}
	return json.Unmarshal(raw, v)
}

func (t *tx) DeleteDoc(collection, id string) error {
	if !t.write {
		return store.ErrReadOnly
	}
	_, err := t.ptx.Exec(t.ctx, "DELETE FROM docs WHERE user_id = $1 AND collection = $2 AND id = $3",
		t.user, collection, []byte(id))
	if err != nil {
		return fmt.Errorf("store: delete %s: %w", collection, err)
	}
	return nil
}

// ScanDocs walks collection's documents whose id starts with prefix, in id
// (byte) order; the prefix becomes a range so the primary key serves it.
func (t *tx) ScanDocs(collection, prefix string, fn func(id string, raw []byte) error) error {
	q := "SELECT id, body FROM docs WHERE user_id = $1 AND collection = $2 AND id >= $3"
	args := []any{t.user, collection, []byte(prefix)}
	if end := prefixEnd([]byte(prefix)); end != nil {
		q += " AND id < $4"
		args = append(args, end)
	}
	rows, err := t.ptx.Query(t.ctx, q+" ORDER BY id", args...)
	if err != nil {
		return fmt.Errorf("store: scan %s: %w", collection, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, raw []byte
		if err := rows.Scan(&id, &raw); err != nil {
			return fmt.Errorf("store: scan %s: %w", collection, err)
		}
		if err := fn(string(id), raw); err != nil {
			return err
		}
	}
	return rows.Err()
}

// prefixEnd returns the least byte string greater than every string with
// prefix p, nil when there is none (p empty or all 0xff).
func prefixEnd(p []byte) []byte {
	end := append([]byte(nil), p...)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}
