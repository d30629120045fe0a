// Package bench measures memsvc's recall on long-conversation
// benchmarks: it loads a dataset (LoCoMo or REALTALK JSON), ingests every
// turn through the engine with one user per conversation, asks every question
// that has evidence and scores the retrieved turns against the evidence turn
// ids (recall@k, hit@k, MRR per category), along with search latency, ingest
// rate and peak memory, and how well the calibrated scores tell relevant
// results from irrelevant ones (calibration.go; fit.go refits them). It
// knows nothing about any dataset's speakers, names or question wording: it
// only reads the formats' structure.
package bench

import (
	"fmt"
	"os"
	"time"
)

// Formats the loader understands.
const (
	FormatLoCoMo   = "locomo"
	FormatRealTalk = "realtalk"
)

// Dataset is a loaded benchmark: conversations, each with its own questions.
type Dataset struct {
	Format        string
	Conversations []Conversation
}

// Conversation is one long conversation: it becomes one memsvc user.
type Conversation struct {
	ID        string
	Speakers  []string
	Sessions  []Session
	Questions []Question
	// Evidence counts what parsing the evidence lists found and repaired.
	Evidence EvidenceStats
	// UnparsedTimes counts session or turn times the loader could not read
	// (those turns get no timestamp).
	UnparsedTimes int
}

// Session is one sitting of a conversation.
type Session struct {
	Number int       // N of session_N
	Time   time.Time // zero when absent or unreadable
	Turns  []Turn
}

// Turn is one message of a session.
type Turn struct {
	ID      string // the dataset's turn id (LoCoMo/REALTALK dia_id)
	Speaker string
	Text    string
	Caption string    // a description of an image shared with the turn
	Time    time.Time // the turn's own time when the dataset has one, else the session's
}

// Content is what the turn says, including a shared image's caption, which
// is as much part of the turn as its words.
func (t Turn) Content() string {
	switch {
	case t.Caption == "":
		return t.Text
	case t.Text == "":
		return "[shares a photo: " + t.Caption + "]"
	}
	return t.Text + " [shares a photo: " + t.Caption + "]"
}

// Question is one question of a conversation with its evidence turns.
type Question struct {
	Index    int // position in the conversation's question list
	Text     string
	Answer   string // numbers are kept as their JSON text
	Category int    // 0 when absent
	// Evidence holds the conversation's turn ids the answer rests on,
	// normalised and deduplicated; unparseable entries are dropped.
	Evidence []string
	// RawEvidence is the evidence exactly as the dataset wrote it.
	RawEvidence []string
}

// EvidenceStats counts the evidence entries of a dataset by what parsing
// had to do with them.
type EvidenceStats struct {
	Entries    int `json:"entries"`    // raw evidence strings read
	IDs        int `json:"ids"`        // turn ids kept
	Normalised int `json:"normalised"` // entries rewritten to match a turn id ("D:11:26" → "D11:26")
	Split      int `json:"split"`      // entries holding several ids ("D8:6; D9:17")
	Malformed  int `json:"malformed"`  // entries or parts with no turn id at all ("D"), skipped
	Unknown    int `json:"unknown"`    // id-shaped parts naming no turn of the conversation, skipped
	// Examples shows a few of the entries that needed repair or were skipped.
	Examples []EvidenceExample `json:"examples,omitempty"`
}

// EvidenceExample is one evidence entry that needed repair or was skipped.
type EvidenceExample struct {
	Conversation string   `json:"conversation"`
	Question     string   `json:"question"`
	Raw          string   `json:"raw"`
	Kept         []string `json:"kept"`
	Problem      string   `json:"problem"`
}

// Load reads the dataset at path in the given format. A REALTALK path may be
// a directory of per-conversation JSON files.
func Load(path, format string) (*Dataset, error) {
	var (
		ds  *Dataset
		err error
	)
	switch format {
	case FormatLoCoMo:
		var b []byte
		if b, err = os.ReadFile(path); err != nil {
			return nil, fmt.Errorf("benchmark: read dataset: %w", err)
		}
		ds, err = ParseLoCoMo(b)
	case FormatRealTalk:
		ds, err = LoadRealTalk(path)
	default:
		return nil, fmt.Errorf("benchmark: unknown format %q (locomo, realtalk)", format)
	}
	if err != nil {
		return nil, fmt.Errorf("benchmark: load %s: %w", path, err)
	}
	return ds, nil
}

// TurnCount is the number of turns over all conversations.
func (d *Dataset) TurnCount() int {
	n := 0
	for _, c := range d.Conversations {
		for _, s := range c.Sessions {
			n += len(s.Turns)
		}
	}
	return n
}

// EvidenceStats sums the evidence counts of the conversations, keeping at
// most maxExamples examples.
func (d *Dataset) EvidenceStats(maxExamples int) EvidenceStats {
	var out EvidenceStats
	for _, c := range d.Conversations {
		out.add(c.Evidence, maxExamples)
	}
	return out
}

// UnparsedTimes counts the unreadable times over all conversations.
func (d *Dataset) UnparsedTimes() int {
	n := 0
	for _, c := range d.Conversations {
		n += c.UnparsedTimes
	}
	return n
}

// Limit keeps only the first n conversations (n ≤ 0 keeps all).
func (d *Dataset) Limit(n int) {
	if n > 0 && n < len(d.Conversations) {
		d.Conversations = d.Conversations[:n]
	}
}

// turnIndex maps each turn id of c to the turn, for evidence lookups.
func (c *Conversation) turnIndex() map[string]*Turn {
	out := map[string]*Turn{}
	for i := range c.Sessions {
		for j := range c.Sessions[i].Turns {
			t := &c.Sessions[i].Turns[j]
			out[t.ID] = t
		}
	}
	return out
}
