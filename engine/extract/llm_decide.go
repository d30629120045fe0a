package extract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/llm"
)

// Events of a Decision, matching the engine's write events.
const (
	DecisionAdd       = "ADD"
	DecisionUpdate    = "UPDATE"
	DecisionSupersede = "SUPERSEDE"
	DecisionNone      = "NONE"
)

// Existing is a stored memory a new fact is compared with.
type Existing struct {
	ID, Text  string
	ValidFrom time.Time // when the memory became true; zero when unknown
}

// Decision is what to do with one new fact.
type Decision struct {
	Event   string   // DecisionAdd, DecisionUpdate, DecisionSupersede or DecisionNone
	Targets []string // real memory ids: the one updated (UPDATE), superseded (SUPERSEDE) or already holding the fact (NONE, optional)
	Text    string   // the merged memory text (UPDATE only)
}

// LLMDecider asks a chat model whether new facts add to, update, supersede or repeat stored memories.
// It is safe for concurrent use.
type LLMDecider struct {
	chat llm.Chat
	call llmCall
}

// NewLLMDecider returns a decider that asks chat (prompt update_memory, JSON mode with DecisionsSchema), each
// call bounded by timeout (0 = DefaultLLMTimeout). Stored memories are shown to the model with small integer
// ids 0..n-1, never their real ids, so an invented id is detected rather than written.
func NewLLMDecider(chat llm.Chat, timeout time.Duration) *LLMDecider {
	return &LLMDecider{chat: chat, call: newLLMCall(chat, timeout, llm.PromptUpdateMemory)}
}

// Name identifies the decider in logs, e.g. "llm/ollama/llama3.2".
func (d *LLMDecider) Name() string { return "llm/" + d.chat.Model() }

// Decide returns one decision per fact, in order, from one model call. With no existing memories every fact
// is an ADD and the model is not called. An answer with a missing, duplicate or extra decision, an id that
// was not shown, or an UPDATE without text is sent back once with the reason; errors (transport, timeout,
// invalid twice) are returned so the engine can fall back to its built-in decision.
func (d *LLMDecider) Decide(ctx context.Context, facts []Fact, existing []Existing) ([]Decision, error) {
	if len(facts) == 0 {
		return nil, nil
	}
	if len(existing) == 0 {
		out := make([]Decision, len(facts))
		for i := range out {
			out[i] = Decision{Event: DecisionAdd}
		}
		return out, nil
	}
	var out []Decision
	err := d.call.ask(ctx, decisionInput(facts, existing), func(raw []byte) error {
		var err error
		out, err = parseDecisions(raw, len(facts), existing)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("decide: %s: %w", d.Name(), err)
	}
	return out, nil
}

// decisionInput renders stored memories and new facts in the format the update_memory prompt describes.
func decisionInput(facts []Fact, existing []Existing) string {
	var b strings.Builder
	b.WriteString("Existing memories:\n")
	for i, e := range existing {
		fmt.Fprintf(&b, "  %d: %s%s\n", i, oneLine(e.Text), dateNote(e.ValidFrom, "since "))
	}
	b.WriteString("New facts:\n")
	for i, f := range facts {
		fmt.Fprintf(&b, "  %d: %s%s\n", i, oneLine(f.Text), dateNote(f.ValidFrom, ""))
	}
	fmt.Fprintf(&b, "\nReturn exactly %d decisions, one per new fact (fact 0 to %d). Memory ids are 0 to %d.",
		len(facts), len(facts)-1, len(existing)-1)
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func dateNote(t time.Time, prefix string) string {
	if t.IsZero() {
		return ""
	}
	return " (" + prefix + t.UTC().Format(time.DateOnly) + ")"
}

// llmDecision is one decision as the model writes it (DecisionsSchema).
type llmDecision struct {
	Fact  int    `json:"fact"`
	Event string `json:"event"`
	ID    *int   `json:"id"`
	Text  string `json:"text"`
}

// parseDecisions checks a schema-valid answer and maps the integer ids back to real memory ids. It reports
// every problem at once, so the retry can fix all of them.
func parseDecisions(raw []byte, nFacts int, existing []Existing) ([]Decision, error) {
	var ans struct {
		Decisions []llmDecision `json:"decisions"`
	}
	if err := json.Unmarshal(raw, &ans); err != nil {
		return nil, fmt.Errorf("the answer does not match the schema: %w", err)
	}
	out := make([]Decision, nFacts)
	decided := make([]bool, nFacts) // the fact has a decision, valid or not
	var problems []error
	for i, ld := range ans.Decisions {
		if ld.Fact < 0 || ld.Fact >= nFacts {
			problems = append(problems, fmt.Errorf("decisions[%d]: there is no fact %d (facts are 0 to %d)", i, ld.Fact, nFacts-1))
			continue
		}
		if decided[ld.Fact] {
			problems = append(problems, fmt.Errorf("decisions[%d]: fact %d is decided twice", i, ld.Fact))
			continue
		}
		decided[ld.Fact] = true
		dec, err := mapDecision(ld, existing)
		if err != nil {
			problems = append(problems, fmt.Errorf("decisions[%d] (fact %d): %w", i, ld.Fact, err))
			continue
		}
		out[ld.Fact] = dec
	}
	var missing []string
	for f, ok := range decided {
		if !ok {
			missing = append(missing, strconv.Itoa(f))
		}
	}
	if len(missing) > 0 {
		problems = append(problems, fmt.Errorf("no decision for fact %s (%d decisions for %d facts; give exactly one per fact)",
			strings.Join(missing, ", "), len(ans.Decisions), nFacts))
	}
	if err := errors.Join(problems...); err != nil {
		return nil, err
	}
	return out, nil
}

// mapDecision checks one decision against its event's needs and maps its id to the real memory id.
func mapDecision(ld llmDecision, existing []Existing) (Decision, error) {
	dec := Decision{Event: ld.Event}
	if ld.ID != nil && ld.Event != DecisionAdd { // an id on ADD means nothing and is ignored
		if *ld.ID < 0 || *ld.ID >= len(existing) {
			return Decision{}, fmt.Errorf("there is no memory %d (memory ids are 0 to %d)", *ld.ID, len(existing)-1)
		}
		dec.Targets = []string{existing[*ld.ID].ID}
	}
	switch ld.Event {
	case DecisionUpdate, DecisionSupersede:
		if ld.ID == nil {
			return Decision{}, fmt.Errorf("%s needs the id of the existing memory", ld.Event)
		}
	}
	if ld.Event == DecisionUpdate {
		if dec.Text = oneLine(ld.Text); dec.Text == "" {
			return Decision{}, errors.New("UPDATE needs the merged memory in text")
		}
	}
	return dec, nil
}
