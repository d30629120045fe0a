package engine

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine/intent"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/redact"
)

// AddRequest is one memory to store.
type AddRequest struct {
	Text       string
	AppName    string
	MemoryType string // default semantic
	Metadata   map[string]any
	Tags       []string
	Project    string
	SessionID  string
	Categories []string
	Timestamp  time.Time // when it was said; sets valid_from (default now)
	// ValidTo ends the fact's validity window when the statement gave its
	// end ("on PTO from Dec 20 to Jan 3"); zero leaves it open.
	ValidTo time.Time
	Source  *Source // provenance; default {kind: "api"}
	State   string  // default active; pending for images being captured
}

// WriteResult reports what happened to one memory.
type WriteResult struct {
	ID         string   `json:"id"`
	Text       string   `json:"text"`
	Event      string   `json:"event"`
	Supersedes []string `json:"supersedes,omitempty"` // with SUPERSEDE: the memories this one closed
	// Episode is set on the result of a turn kept as said (service/write/episode.go).
	Episode bool `json:"episode,omitempty"`
	// Redacted counts the secrets replaced by "[REDACTED]" in Text before
	// it was stored (service/write/secrets.go).
	Redacted int `json:"redacted,omitempty"`
	// History is set on a NONE result whose fact was stored superseded from
	// the start (said before the current fact, ID, that it contradicts):
	// something was stored, but nothing new is current.
	History bool `json:"-"`
}

// MaxAppNameBytes bounds a client (app) name.
const MaxAppNameBytes = 64

// ValidateAppName checks a client name, which every write records as its
// app_name and clients show: ASCII letters, digits, '.', '_' and '-', at
// most 64 bytes, no "..". So no path tricks, bidi overrides, control
// characters or invalid UTF-8 reach a stored record. Empty means none.
func ValidateAppName(field, name string) error {
	if name == "" {
		return nil
	}
	if len(name) > MaxAppNameBytes {
		return Invalid(field, "longer than %d bytes", MaxAppNameBytes)
	}
	for i := 0; i < len(name); i++ {
		if !AppNameByte(name[i]) {
			return Invalid(field, "may hold only ASCII letters, digits, '.', '_' and '-', e.g. claude-desktop")
		}
	}
	if strings.Contains(name, "..") {
		return Invalid(field, `must not contain ".."`)
	}
	if name == "." { // a dot segment, as "..": it names no client, and URL normalizers drop it
		return Invalid(field, `must not be ".": name the client, e.g. claude-desktop`)
	}
	return nil
}

// AppNameByte says whether c may appear in an app name: an ASCII letter or
// digit, '.', '_' or '-'.
func AppNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
}

// ValidateScope checks a session id or project name (given in field):
// at most MaxScopeBytes, and a name (ValidateName). Empty is "none".
func ValidateScope(field, s string) error {
	if len(s) > MaxScopeBytes {
		return Invalid(field, "longer than %d bytes", MaxScopeBytes)
	}
	return ValidateName(field, s)
}

// ValidateTime rejects a time outside the years 0–9999, which no stored
// record can encode (RFC 3339); the zero time means "not given".
func ValidateTime(field string, t time.Time) error {
	if t.IsZero() {
		return nil
	}
	if y := t.UTC().Year(); y < 0 || y > 9999 {
		return Invalid(field, "must be between the years 0 and 9999, got year %d", y)
	}
	return nil
}

// MaxSaidAhead is how far past the server's clock a "when it was said"
// time (a write's timestamp, a turn's created_at) may lie: a day covers
// every time zone's local time sent without its offset (UTC+14 at most)
// and ordinary clock skew.
const MaxSaidAhead = 24 * time.Hour

// ValidateSaidAt checks a time a client says something was said: within
// ValidateTime's years and not more than MaxSaidAhead after now. Nothing
// can have been said in the future, and such a time would not be harmless:
// it becomes the memory's valid_from, and every reader that takes the later
// date as the current one (the coding-agent hooks tell the model so) would
// hold a planted "said in 2099" memory over everything really said after it.
func ValidateSaidAt(field string, t, now time.Time) error {
	if err := ValidateTime(field, t); err != nil || t.IsZero() {
		return err
	}
	if limit := now.Add(MaxSaidAhead); t.After(limit) {
		return Invalid(field, "%s is in the future (the server's clock reads %s): it says when this was said",
			t.UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339))
	}
	return nil
}

// MaxMetadataDepth is how deeply metadata objects and lists may nest.
const MaxMetadataDepth = 16

// jsonDepth is the nesting depth of a decoded JSON value (a scalar is 0),
// stopping once it passes limit.
func jsonDepth(v any, limit int) int {
	if limit < 0 {
		return 0
	}
	deepest := 0
	switch x := v.(type) {
	case map[string]any:
		for _, c := range x {
			deepest = max(deepest, jsonDepth(c, limit-1))
		}
	case []any:
		for _, c := range x {
			deepest = max(deepest, jsonDepth(c, limit-1))
		}
	default:
		return 0
	}
	return deepest + 1
}

// Caps on the fields writes carry beside their text, the same for every
// edge: they bound what one memory costs to store, index and return.
const (
	MaxTags          = 20
	MaxTagBytes      = 64
	MaxMetadataBytes = 16 << 10 // as JSON
	MaxScopeBytes    = 128      // session_id, project
)

// ValidateShared checks the fields a write shares with the others of its
// request, trims the tags and redacts the secrets in the metadata
// (redactMetadata): the write's text is not the only thing read back.
func ValidateShared(tags []string, metadata map[string]any, session, project string) error {
	if len(tags) > MaxTags {
		return Invalid("tags", "at most %d tags, got %d", MaxTags, len(tags))
	}
	for i, tag := range tags {
		field := "tags[" + itoa(i) + "]"
		switch {
		case strings.TrimSpace(tag) == "":
			return Invalid(field, "must not be empty")
		case len(tag) > MaxTagBytes:
			return Errorf(ETooLarge, "%s: longer than %d bytes", field, MaxTagBytes)
		}
		tags[i] = strings.TrimSpace(tag) // "work\n" from a form field is "work"
		if err := ValidateName(field, tags[i]); err != nil {
			return err
		}
		if err := RefuseSecret(field, tags[i]); err != nil {
			return err
		}
	}
	for _, f := range [...]struct{ field, s string }{{"session_id", session}, {"project", project}} {
		if err := ValidateScope(f.field, f.s); err != nil {
			return err
		}
		if err := RefuseSecret(f.field, f.s); err != nil {
			return err
		}
	}
	if metadata != nil {
		if jsonDepth(map[string]any(metadata), MaxMetadataDepth) > MaxMetadataDepth {
			return Invalid("metadata", "nested deeper than %d levels", MaxMetadataDepth)
		}
		if _, err := validateMetadata("metadata", metadata); err != nil {
			return err
		}
		b, err := json.Marshal(metadata)
		if err != nil {
			return Invalid("metadata", "must be a JSON object")
		}
		if len(b) > MaxMetadataBytes {
			return Errorf(ETooLarge, "metadata: larger than %d bytes", MaxMetadataBytes)
		}
		if err := refuseSecretKeys("metadata", metadata); err != nil {
			return err
		}
		redactMetadata("", false, metadata)
	}
	return nil
}

// RefuseSecret refuses a name (a tag, session id, project, a turn's
// speaker or id) that holds a secret (redact.NameHoldsSecret: a provider's
// key, a JWT, a URL's password, or one assigned in it, "password=…"). A
// name filters, groups or starts stored texts, so it is not redacted into
// "[REDACTED]" but refused; the shapes alone decide, as a random-looking
// session id is an ordinary one. The secret is not echoed.
func RefuseSecret(field, s string) error {
	if s != "" && redact.NameHoldsSecret(s) {
		return Invalid(field, "holds a secret (an API key, token or password): secrets are not stored")
	}
	return nil
}

// refuseSecretKeys refuses metadata whose keys, at any depth, hold a
// secret of a known shape: a key is a name, as a tag is.
func refuseSecretKeys(path string, v any) error {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if redact.NameHoldsSecret(k) {
				return Invalid(path, "a key holds a secret (an API key, token or password): secrets are not stored")
			}
			if err := refuseSecretKeys(path+"."+k, c); err != nil {
				return err
			}
		}
	case []any:
		for _, c := range x {
			if err := refuseSecretKeys(path, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// redactMetadata replaces, in place and at any depth, each string value's
// secrets with redact.Marker as a write's text has them replaced: a value
// holding a key by its shape or "token=…" loses that part. A whole value,
// string or number, is a secret when its key says so (redact.SecretUnder:
// {"db_password": "correct horse"}, {"door_pin": 4821}), and so is
// everything under a key that names a secret ({"api_key": {"prod": …}}):
// the value is what the key says it is, so it need not look random. key is
// the nearest enclosing key; secret says an outer key named a secret.
func redactMetadata(key string, secret bool, v any) any {
	switch x := v.(type) {
	case string:
		if x != "" && x != redact.Marker && (secret || redact.SecretUnder(key, x)) {
			return redact.Marker
		}
		red, _ := redact.TextUnder(key, x)
		return red
	case float64:
		if secret || redact.SecretUnder(key, x) {
			return redact.Marker
		}
	case map[string]any:
		inner := secret || redact.NamesSecret(key)
		for k, c := range x {
			x[k] = redactMetadata(k, inner, c)
		}
	case []any:
		for i, c := range x {
			x[i] = redactMetadata(key, secret, c)
		}
	}
	return v
}

// MaxItems is the most items one Ingest call may hold.
const MaxItems = 100

// IngestRequest is one add call of an edge: texts that package intent reads
// (statements, turns, images, forget and resolve requests), and the fields
// every write of the call shares.
type IngestRequest struct {
	Items []string
	// Field is the wire name of Items in error messages: with "" (MCP's
	// memories) item i is "memories[i]"; any other name is used as is
	// (REST's one "text").
	Field string
	// Shared holds the fields of every write (its Text is ignored).
	Shared AddRequest
}

// IngestEntry is what one engine operation did for some items: one item, or
// the consecutive turns of one conversation. Err is that operation's error;
// the other entries of the call still report what they did.
type IngestEntry struct {
	Kind             intent.Kind
	Items            []int
	Request          string // forget, resolve: what was named
	Results          []WriteResult
	NoFactsExtracted bool
	Err              error
}

// ResolvedPrefix starts the text of every memory Resolve writes.
const ResolvedPrefix = intent.ResolvedPrefix

// ForgetOptions scope a Forget.
type ForgetOptions struct {
	// Project, when set, limits matching to memories of that project or of
	// none (as Query.ProjectScope does for the MCP Project header).
	Project string
}

// CaptureRequest asks for one image memory.
type CaptureRequest struct {
	Ref   media.Ref
	Hints []string // words given with the image in the same batch
	AddRequest
}

// Message is one conversation turn.
type Message struct {
	Role      string
	Content   string
	Name      string
	ID        string
	CreatedAt time.Time
}

// ConversationRequest asks the engine to distil facts from turns.
type ConversationRequest struct {
	Messages    []Message
	SessionID   string
	Project     string
	Tags        []string
	AgentMemory bool // facts about the agent's own way of working → procedural
	AppName     string
	MemoryType  string         // overrides the extractor's kind when set
	Metadata    map[string]any // copied onto every stored fact
	// SourceKind is the provenance kind of every stored fact; default
	// SourceConversation (Note passes its request's kind through).
	SourceKind string
}

// ConversationResult is what AddConversation did.
type ConversationResult struct {
	Results          []WriteResult `json:"results"`
	NoFactsExtracted bool          `json:"no_facts_extracted"`
}

// VerbatimExtractor names, in provenance, a fact stored as the caller wrote it.
const VerbatimExtractor = "verbatim"

// CorrectionExtractor names, in provenance, a memory whose text a user
// corrected by hand (the dashboard, PATCH /api/v1/memories/{id}).
const CorrectionExtractor = "correction"

// ProcedureExtractor names, in provenance, the procedural memory stored for
// a procedure a conversation walks through.
const ProcedureExtractor = "procedure"
