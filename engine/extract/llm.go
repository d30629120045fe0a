package extract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text/lazyre"
)

// ErrInvalidAnswer marks a model answer that stayed invalid (not JSON, not matching the schema, or referring
// to messages or memories that do not exist) after the one retry.
var ErrInvalidAnswer = errors.New("invalid model answer")

// DefaultLLMTimeout bounds one model call when NewLLM or NewLLMDecider get no timeout.
const DefaultLLMTimeout = llm.DefaultTimeout

// llmCall is one JSON-mode exchange with a chat model: a system prompt with its answer schema, a per-call
// timeout, and one retry that shows the model why its first answer was rejected.
type llmCall struct {
	chat    llm.Chat
	timeout time.Duration
	system  string
	schema  json.RawMessage
	checker *jsonschema.Resolved
	err     error // the prompt or schema could not be loaded: a build defect, reported by every call
}

func newLLMCall(chat llm.Chat, timeout time.Duration, prompt string) llmCall {
	if timeout <= 0 {
		timeout = DefaultLLMTimeout
	}
	c := llmCall{chat: chat, timeout: timeout}
	if c.system, c.err = llm.Prompt(prompt); c.err != nil {
		return c
	}
	if c.schema, c.err = llm.PromptSchema(prompt); c.err != nil {
		return c
	}
	var s jsonschema.Schema
	if c.err = json.Unmarshal(c.schema, &s); c.err != nil {
		c.err = fmt.Errorf("schema of prompt %q: %w", prompt, c.err)
		return c
	}
	if c.checker, c.err = s.Resolve(nil); c.err != nil {
		c.err = fmt.Errorf("schema of prompt %q: %w", prompt, c.err)
	}
	return c
}

// ask sends input and hands the answer's JSON, already checked against the schema, to accept. An answer
// that is not JSON, fails the schema or that accept rejects is sent back once with the reason; a second
// invalid answer, a transport error or a timeout is returned.
func (c *llmCall) ask(ctx context.Context, input string, accept func(raw []byte) error) error {
	if c.err != nil {
		return c.err
	}
	msgs := []llm.ChatMessage{{Role: "user", Content: input}}
	for attempt := 1; ; attempt++ {
		answer, err := c.complete(ctx, msgs)
		if err != nil {
			return err
		}
		verr := c.check(answer, accept)
		if verr == nil {
			return nil
		}
		if attempt == 2 {
			return fmt.Errorf("%w after a retry: %w", ErrInvalidAnswer, verr)
		}
		msgs = append(msgs, llm.ChatMessage{Role: "assistant", Content: answer},
			llm.ChatMessage{Role: "user", Content: retryPrompt(verr)})
	}
}

// retryPrompt tells the model what was wrong with its answer.
func retryPrompt(verr error) string {
	return "Your answer was rejected: " + verr.Error() + "\n\nAnswer again with the complete corrected JSON " +
		"only, no prose, matching the JSON schema and using only the ids shown in the input."
}

// check validates an answer: the JSON inside it (tolerating code fences and prose), the schema, then accept.
func (c *llmCall) check(answer string, accept func(raw []byte) error) error {
	raw := llm.ExtractJSON(answer)
	if raw == "" {
		return fmt.Errorf("the answer contains no JSON object")
	}
	var instance any
	if err := json.Unmarshal([]byte(raw), &instance); err != nil {
		return fmt.Errorf("the answer is not valid JSON: %w", err)
	}
	if err := c.checker.Validate(instance); err != nil {
		return fmt.Errorf("the answer does not match the schema: %s", schemaProblem(err))
	}
	return accept([]byte(raw))
}

// schemaProblem shortens a validator error ("validating root: validating /properties/facts: … validating
// /properties/facts/items/properties/memory_type: enum: …") to its innermost location and reason
// ("facts/items/memory_type: enum: …"), which is what the model needs to fix its answer.
func schemaProblem(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "validating "); i >= 0 {
		msg = msg[i+len("validating "):]
	}
	msg = strings.TrimPrefix(msg, "root: ")
	return strings.ReplaceAll(strings.TrimPrefix(msg, "/properties/"), "/properties/", "/")
}

// complete makes one model call bounded by the timeout. It waits for the model in a goroutine so that an
// adapter that ignores its context still cannot hold the caller past the timeout.
func (c *llmCall) complete(ctx context.Context, msgs []llm.ChatMessage) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req := llm.ChatRequest{System: c.system, Messages: slices.Clone(msgs), JSON: true, Schema: c.schema}
	type result struct {
		answer string
		err    error
	}
	done := make(chan result, 1) // buffered: a late answer must not block the goroutine forever
	go func() {
		answer, err := c.chat.Complete(ctx, req)
		done <- result{answer, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		r.err = ctx.Err()
	}
	if r.err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "", fmt.Errorf("model call timed out after %s: %w", c.timeout, context.DeadlineExceeded)
	}
	return r.answer, r.err
}

// llmExtractor asks a chat model for the facts of a conversation. See NewLLM.
type llmExtractor struct {
	chat llm.Chat
	call llmCall
}

// NewLLM returns an Extractor that asks chat for the facts of a conversation (prompt extract_facts, JSON mode
// with FactsSchema). Messages are shown as "[m1] (time) speaker: text" with small labels instead of their
// ids, and the model resolves relative dates against each message's time. The answer is repaired (code
// fences, prose around the JSON) and validated; an invalid answer is retried once with the validation error.
// Each model call is bounded by timeout (0 = DefaultLLMTimeout). Errors (transport, timeout, invalid twice)
// are returned so that the engine falls back to the next extractor. Its Name is "llm/" + chat.Model().
func NewLLM(chat llm.Chat, timeout time.Duration) Extractor {
	return &llmExtractor{chat: chat, call: newLLMCall(chat, timeout, llm.PromptExtractFacts)}
}

// Name implements Extractor.
func (x *llmExtractor) Name() string { return "llm/" + x.chat.Model() }

// Extract implements Extractor.
func (x *llmExtractor) Extract(ctx context.Context, req Request) ([]Fact, error) {
	if len(req.Messages) == 0 {
		return nil, nil
	}
	conv := newLLMConversation(req)
	var facts []Fact
	err := x.call.ask(ctx, conv.prompt(req), func(raw []byte) error {
		var err error
		facts, err = conv.facts(raw, req.AgentMemory)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("extract: %s: %w", x.Name(), err)
	}
	// A model may state one thing twice ("lives in Munich", "now lives in Munich"): merged as
	// the built-in extractor's are, so that two facts never supersede the same memory.
	return mergeFacts(facts), nil
}

// llmMessage is one message as shown to the model, with what a reference to it resolves to.
type llmMessage struct {
	label   string // "m1", "m2", …: short, so the model copies it reliably
	id      string // the real message id, "" when the message has none
	speaker string
	at      time.Time
	content string
}

// llmConversation is a request's messages as the model sees them.
type llmConversation struct {
	msgs []llmMessage
	refs map[string]int // label, bare number or real id → index in msgs
}

func newLLMConversation(req Request) *llmConversation {
	c := &llmConversation{refs: map[string]int{}}
	for i, m := range req.Messages {
		at := m.CreatedAt
		if at.IsZero() {
			at = req.Now
		}
		lm := llmMessage{label: "m" + strconv.Itoa(i+1), id: m.ID, speaker: speakerOf(m.Name, strings.ToLower(strings.TrimSpace(m.Role))),
			at: at.UTC(), content: strings.TrimSpace(m.Content)}
		c.msgs = append(c.msgs, lm)
		if m.ID != "" {
			c.refs[m.ID] = i // tolerated when the model echoes a real id; never shown to it
		}
	}
	for i, m := range c.msgs { // labels win over a real id that looks like one ("m2" given to message 1)
		c.refs[m.label] = i
		c.refs[strconv.Itoa(i+1)] = i
	}
	return c
}

// prompt renders the conversation in the format the extract_facts prompt describes.
func (c *llmConversation) prompt(req Request) string {
	var b strings.Builder
	b.WriteString("Conversation:\n")
	for _, m := range c.msgs {
		// Continuation lines are indented so that a multi-line message stays recognisably one message.
		content := strings.ReplaceAll(m.content, "\n", "\n    ")
		fmt.Fprintf(&b, "[%s] (%s) %s: %s\n", m.label, m.at.Format(time.RFC3339), m.speaker, content)
	}
	if !req.Now.IsZero() {
		fmt.Fprintf(&b, "\nToday: %s\n", req.Now.UTC().Format(time.RFC3339))
	}
	if req.AgentMemory {
		b.WriteString("\nThis conversation teaches the assistant how to work. Record the procedures, conventions, " +
			"preferences and instructions given to the assistant, including the assistant's own statements of how " +
			"it will work, as facts; use memory_type \"procedural\".\n")
	}
	b.WriteString("\nmessage_ids must be labels shown in brackets above (m1, m2, …).")
	return b.String()
}

// llmFact is one fact as the model writes it (FactsSchema).
type llmFact struct {
	Text       string   `json:"text"`
	Subject    string   `json:"subject"`
	MemoryType string   `json:"memory_type"`
	ValidFrom  string   `json:"valid_from"`
	MessageIDs []string `json:"message_ids"`
	Categories []string `json:"categories"`
}

// facts converts a schema-valid answer into Facts. It reports every problem at once, so the retry can fix
// all of them.
func (c *llmConversation) facts(raw []byte, agent bool) ([]Fact, error) {
	var ans struct {
		Facts []llmFact `json:"facts"`
	}
	if err := json.Unmarshal(raw, &ans); err != nil {
		return nil, fmt.Errorf("the answer does not match the schema: %w", err)
	}
	var out []Fact
	var problems []error
	seen := map[string]int{}
	for i, lf := range ans.Facts {
		f, err := c.fact(lf, agent)
		if err != nil {
			problems = append(problems, fmt.Errorf("facts[%d]: %w", i, err))
			continue
		}
		key := strings.ToLower(strings.Join(strings.Fields(f.Text), " "))
		if j, ok := seen[key]; ok { // the same fact stated twice: keep one, with both sources
			out[j].MessageIDs = appendUnique(out[j].MessageIDs, f.MessageIDs...)
			continue
		}
		seen[key] = len(out)
		out = append(out, f)
	}
	if err := errors.Join(problems...); err != nil {
		return nil, err
	}
	return out, nil
}

// fact converts one model fact: resolves its message references, parses its date and derives its slot.
func (c *llmConversation) fact(lf llmFact, agent bool) (Fact, error) {
	text := strings.Join(strings.Fields(lf.Text), " ")
	if text == "" {
		return Fact{}, errors.New("text is empty")
	}
	var src []llmMessage
	for _, ref := range lf.MessageIDs {
		i, ok := c.refs[strings.Trim(strings.TrimSpace(ref), "[]")]
		if !ok {
			return Fact{}, fmt.Errorf("message_ids: there is no message %q (use the labels m1 to m%d)", ref, len(c.msgs))
		}
		src = append(src, c.msgs[i])
	}
	if len(src) == 0 { // no reference: attribute the fact to the conversation's last message
		src = append(src, c.msgs[len(c.msgs)-1])
	}
	validFrom, err := parseValidFrom(lf.ValidFrom, src[0].at)
	if err != nil {
		return Fact{}, err
	}
	f := Fact{Text: text, Speaker: strings.TrimSpace(lf.Subject), Excerpt: excerpt(strings.Join(strings.Fields(src[0].content), " ")),
		ValidFrom: validFrom, Kind: lf.MemoryType, Slot: SlotOf(text)}
	if f.Speaker == "" {
		f.Speaker = src[0].speaker
	}
	for _, m := range src {
		if m.id != "" {
			f.MessageIDs = appendUnique(f.MessageIDs, m.id)
		}
	}
	if agent {
		f.Kind = KindProcedural
	}
	f.Negated = (f.Slot != nil && strings.HasPrefix(f.Slot.Value, "not ")) || llmNegationRe.MatchString(text)
	return f, nil
}

// llmNegationRe finds a negated main verb near the start of a third-person fact ("Tom does not eat meat").
var llmNegationRe = lazyre.New(`(?i)^\S+(?: \S+){0,4}? (?:does not|doesn't|do not|don't|did not|didn't|is not|isn't|was not|wasn't|has not|hasn't|have not|cannot|can't|will not|won't|never|no longer)\b`)

// parseValidFrom reads the model's date: YYYY-MM-DD, YYYY-MM or YYYY (a full RFC 3339 time is tolerated).
// Empty means the message time. A date on the message's own day is the message time itself, which keeps
// facts of one day in the order they were said.
func parseValidFrom(s string, ref time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return ref, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	for _, layout := range []string{time.DateOnly, "2006-01", "2006"} {
		t, err := time.Parse(layout, s)
		if err != nil {
			continue
		}
		if layout == time.DateOnly && t.Equal(time.Date(ref.Year(), ref.Month(), ref.Day(), 0, 0, 0, 0, time.UTC)) {
			return ref, nil
		}
		return t, nil
	}
	return time.Time{}, fmt.Errorf("valid_from %q is not a date: write YYYY-MM-DD, YYYY-MM or YYYY, or leave it empty", s)
}
