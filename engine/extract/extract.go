// Package extract distils conversation turns into short, atomic, third-person facts.
//
// It owns the Extractor interface that the engine's extraction pipeline calls, the
// built-in rule-based extractor (no model needed), and the slot logic used to detect
// contradictions between a new fact and a stored one (Slot, SlotOf, Contradicts).
// Deduplication, supersession and storage are the engine's job, not this package's.
package extract

import (
	"context"
	"time"
)

// Kinds of facts, matching the engine's memory_type values.
const (
	KindSemantic   = "semantic"
	KindEpisodic   = "episodic"
	KindProcedural = "procedural"
)

// Message is one conversation turn handed to an extractor.
type Message struct {
	ID        string    // optional message id, copied into Fact.MessageIDs
	Role      string    // "user" | "assistant" | "system"
	Name      string    // optional speaker name, used as the subject of the speaker's facts
	Content   string    // the turn's text
	CreatedAt time.Time // when it was said; zero means Request.Now
}

// Request is one extraction call: the turns of a conversation and the reference time.
type Request struct {
	Messages    []Message
	Now         time.Time // reference time for messages without CreatedAt
	AgentMemory bool      // facts describe the agent's own way of working: Kind procedural
	// Slots, when set, is the caller's memo of SlotOf for the request, which its later
	// reads of the facts' slots share; nil: the extractor keeps one of its own per call.
	Slots *SlotMemo
}

// Fact is one atomic statement distilled from a conversation.
type Fact struct {
	Text       string    // short atomic fact, third person, attributed to the speaker ("Alice lives in Paris")
	Speaker    string    // the name used as subject
	MessageIDs []string  // provenance: the ids of the messages the fact came from
	Excerpt    string    // the source sentence, trimmed to at most 200 characters
	ValidFrom  time.Time // when the fact starts holding: the resolved date of the statement, else the message time
	ValidTo    time.Time // when a stated period ends, exclusive ("from Dec 20 to Jan 3": Jan 4); zero when open
	Kind       string    // KindSemantic, KindEpisodic or KindProcedural
	Slot       *Slot     // non-nil when the fact fills a slot usable for contradiction detection
	Negated    bool      // the statement is negative ("does not eat meat")
	// Pending marks a state said to begin after it was said ("I'm 40 next month"): until
	// then the state it would replace still holds, so it supersedes nothing.
	Pending bool
	// Current marks a statement given as a correction or an update ("Correction: the API
	// listens on port 8081"): it replaces the value it differs from, as one said with
	// "now" does, even where a slot may hold several values.
	Current bool
	// About says whose value a correction ("User meant 6, not 5") fixes when it is not
	// the speaker's own: a pronoun ("he", "she", "they") or one named ("neighbour"), as
	// in "no wait he's 6, not 5" or "3 not 2, the neighbour i mean". Empty: the speaker's.
	About string
	// Of names the thing a correction said without a marker fixes the value of ("retro"
	// in "the retro is the 9th, not the 8th"): only a stored fact that names it may be
	// corrected, and the correction is no fact of its own when none is.
	Of string
}

// Slot identifies an attribute of a subject, e.g. {Subject:"alice", Predicate:"lives_in", Value:"paris"}.
//
// Fields are normalised (lowercase, trimmed, articles dropped). A Value starting with "not "
// records a negative statement ("User no longer lives in Madrid" → "not madrid"). Some predicates
// hold one value at a time (lives_in, works_at, job_title, favourite_<x>, age, name, …); the others
// (likes, allergic_to, verbs such as eat or play) may hold many values and are contradicted only by
// their own negation. Contradicts encodes that rule.
//
// Replaces, when set, names a value the statement says was replaced ("migrated the build from
// Gradle to Bazel": Value "bazel", Replaces "gradle"): it contradicts a stored slot of a related
// subject with that value, whatever its predicate ("User's build uses Gradle").
type Slot struct {
	Subject, Predicate, Value string
	Replaces                  string
}

// Extractor turns conversation turns into facts. Implementations must be safe for concurrent use.
type Extractor interface {
	// Extract returns the facts stated in req, in message order. No facts is a normal outcome.
	Extract(ctx context.Context, req Request) ([]Fact, error)
	// Name identifies the extractor in provenance records, e.g. "builtin-rules-v1".
	Name() string
}
