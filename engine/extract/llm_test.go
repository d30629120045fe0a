package extract

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/memsvc/memsvc/llm"
)

// scriptedStep is one canned model reply: an answer, an error, or a wait until the call's context ends.
type scriptedStep struct {
	answer string
	err    error
	block  bool // wait for ctx.Done() and return its error, like a model that is too slow
}

// scriptedChat is a fake llm.Chat that replays scripted steps in order and records every request.
type scriptedChat struct {
	mu    sync.Mutex
	steps []scriptedStep
	got   []llm.ChatRequest
}

func (s *scriptedChat) Model() string { return "scripted/test" }

func (s *scriptedChat) Complete(ctx context.Context, req llm.ChatRequest) (string, error) {
	s.mu.Lock()
	i := len(s.got)
	s.got = append(s.got, req)
	s.mu.Unlock()
	if i >= len(s.steps) {
		return "", errors.New("scriptedChat: no step left")
	}
	st := s.steps[i]
	if st.block {
		<-ctx.Done()
		return "", ctx.Err()
	}
	return st.answer, st.err
}

func (s *scriptedChat) requests() []llm.ChatRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]llm.ChatRequest(nil), s.got...)
}

func answers(a ...string) []scriptedStep {
	out := make([]scriptedStep, len(a))
	for i, s := range a {
		out[i] = scriptedStep{answer: s}
	}
	return out
}

var (
	llmRef = time.Date(2023, 5, 8, 14, 0, 0, 0, time.UTC)
	llmReq = Request{Now: llmRef.Add(time.Hour), Messages: []Message{
		{ID: "msg-a", Role: "user", Name: "Priya", Content: "I went to a pottery class yesterday!", CreatedAt: llmRef},
		{ID: "msg-b", Role: "assistant", Content: "Nice! How was it?", CreatedAt: llmRef.Add(time.Minute)},
		{Role: "user", Content: "I live in Lisbon now.", CreatedAt: llmRef.Add(2 * time.Minute)},
	}}
	llmGood = `{"facts": [
	  {"text": "Priya went to a pottery class on 7 May 2023.", "subject": "Priya", "memory_type": "episodic",
	   "valid_from": "2023-05-07", "message_ids": ["m1"], "categories": ["hobbies"]},
	  {"text": "User lives in Lisbon.", "memory_type": "semantic", "valid_from": "2023-05-08", "message_ids": ["m3"]}
	]}`
	llmGoodFacts = []Fact{
		{Text: "Priya went to a pottery class on 7 May 2023.", Speaker: "Priya", MessageIDs: []string{"msg-a"},
			Excerpt: "I went to a pottery class yesterday!", ValidFrom: time.Date(2023, 5, 7, 0, 0, 0, 0, time.UTC), Kind: KindEpisodic},
		{Text: "User lives in Lisbon.", Speaker: "User", Excerpt: "I live in Lisbon now.", ValidFrom: llmRef.Add(2 * time.Minute),
			Kind: KindSemantic, Slot: &Slot{Subject: "user", Predicate: "lives_in", Value: "lisbon"}},
	}
)

func TestLLMExtract(t *testing.T) {
	cases := []struct {
		name  string
		steps []scriptedStep
		req   Request
		want  []Fact
		calls int
	}{
		{name: "happy path", steps: answers(llmGood), req: llmReq, want: llmGoodFacts, calls: 1},
		{name: "code fence", steps: answers("```json\n" + llmGood + "\n```"), req: llmReq, want: llmGoodFacts, calls: 1},
		{name: "prose around the JSON", steps: answers("Sure! Here are the facts:\n" + llmGood + "\nLet me know."),
			req: llmReq, want: llmGoodFacts, calls: 1},
		{name: "think block", steps: answers(`<think>{"facts": "no"}</think>` + llmGood), req: llmReq, want: llmGoodFacts, calls: 1},
		{name: "retry after broken JSON", steps: answers(`{"facts": [{"text": "Priya`, llmGood), req: llmReq, want: llmGoodFacts, calls: 2},
		{name: "retry after invented message id", steps: answers(`{"facts": [{"text": "User lives in Lisbon.", "memory_type": "semantic", "message_ids": ["m9"]}]}`, llmGood),
			req: llmReq, want: llmGoodFacts, calls: 2},
		{name: "nothing to remember", steps: answers(`{"facts": []}`), req: llmReq, calls: 1},
		{name: "real ids and bare numbers are accepted",
			steps: answers(`{"facts": [{"text": "Priya does not eat meat.", "memory_type": "semantic", "message_ids": ["msg-a", "1", "[m1]"]}]}`),
			req:   llmReq, calls: 1,
			want: []Fact{{Text: "Priya does not eat meat.", Speaker: "Priya", MessageIDs: []string{"msg-a"}, Excerpt: "I went to a pottery class yesterday!",
				ValidFrom: llmRef, Kind: KindSemantic, Negated: true, Slot: &Slot{Subject: "priya", Predicate: "eat", Value: "not meat"}}}},
		{name: "agent memory is procedural, duplicates merged",
			steps: answers(`{"facts": [{"text": "The assistant runs make lint before committing.", "memory_type": "semantic", "message_ids": ["m1"]},
			  {"text": "The assistant runs make lint before  committing.", "memory_type": "procedural", "message_ids": ["m2"], "valid_from": "2023-05"}]}`),
			req: Request{Now: llmRef, AgentMemory: true, Messages: []Message{
				{ID: "1", Role: "user", Content: "Always run make lint before committing."},
				{ID: "2", Role: "assistant", Content: "Understood, I will run make lint first."}}},
			calls: 1,
			want: []Fact{{Text: "The assistant runs make lint before committing.", Speaker: "User", MessageIDs: []string{"1", "2"},
				Excerpt: "Always run make lint before committing.", ValidFrom: llmRef, Kind: KindProcedural,
				Slot: SlotOf("The assistant runs make lint before committing.")}}},
		{name: "restated slot merged",
			steps: answers(`{"facts": [{"text": "User lives in Lisbon.", "memory_type": "semantic", "valid_from": "2023-05-08", "message_ids": ["m3"]},
			  {"text": "User now lives in Lisbon.", "memory_type": "semantic", "valid_from": "2023-05-08", "message_ids": ["m3"]}]}`),
			req: llmReq, calls: 1, want: llmGoodFacts[1:]},
		{name: "month precision date", steps: answers(`{"facts": [{"text": "User moved to Lisbon in April 2023.", "memory_type": "episodic", "valid_from": "2023-04", "message_ids": ["m3"]}]}`),
			req: llmReq, calls: 1,
			want: []Fact{{Text: "User moved to Lisbon in April 2023.", Speaker: "User", Excerpt: "I live in Lisbon now.",
				ValidFrom: time.Date(2023, 4, 1, 0, 0, 0, 0, time.UTC), Kind: KindEpisodic, Slot: SlotOf("User moved to Lisbon in April 2023.")}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chat := &scriptedChat{steps: tc.steps}
			got, err := NewLLM(chat, time.Second).Extract(context.Background(), tc.req)
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("facts (-want +got):\n%s", diff)
			}
			if n := len(chat.requests()); n != tc.calls {
				t.Errorf("model calls = %d, want %d", n, tc.calls)
			}
		})
	}
}

func TestLLMExtractRequest(t *testing.T) {
	chat := &scriptedChat{steps: answers(llmGood)}
	x := NewLLM(chat, time.Second)
	if _, err := x.Extract(context.Background(), llmReq); err != nil {
		t.Fatalf("Extract: %v", err)
	}
	if x.Name() != "llm/scripted/test" {
		t.Errorf("Name = %q", x.Name())
	}
	req := chat.requests()[0]
	system, _ := llm.Prompt(llm.PromptExtractFacts)
	if req.System != system || !req.JSON || string(req.Schema) != llm.FactsSchema {
		t.Errorf("request does not use the extract_facts prompt in JSON mode with FactsSchema")
	}
	input := req.Messages[0].Content
	for _, want := range []string{
		"[m1] (2023-05-08T14:00:00Z) Priya: I went to a pottery class yesterday!",
		"[m2] (2023-05-08T14:01:00Z) Assistant: Nice! How was it?",
		"[m3] (2023-05-08T14:02:00Z) User: I live in Lisbon now.",
		"Today: 2023-05-08T15:00:00Z",
	} {
		if !strings.Contains(input, want) {
			t.Errorf("input lacks %q:\n%s", want, input)
		}
	}
	if strings.Contains(input, "msg-a") {
		t.Errorf("input shows a raw message id:\n%s", input)
	}
}

func TestLLMExtractRetryShowsError(t *testing.T) {
	chat := &scriptedChat{steps: answers(`{"facts": [{"text": "User lives in Lisbon.", "memory_type": "sometimes"}]}`, llmGood)}
	if _, err := NewLLM(chat, time.Second).Extract(context.Background(), llmReq); err != nil {
		t.Fatalf("Extract: %v", err)
	}
	reqs := chat.requests()
	if len(reqs) != 2 {
		t.Fatalf("model calls = %d, want 2", len(reqs))
	}
	retry := reqs[1].Messages
	if len(retry) != 3 || retry[1].Role != "assistant" || !strings.Contains(retry[1].Content, `"sometimes"`) {
		t.Fatalf("retry does not replay the rejected answer: %+v", retry)
	}
	if last := retry[2].Content; !strings.Contains(last, "memory_type") || !strings.Contains(last, "rejected") {
		t.Errorf("retry prompt does not name the validation error: %q", last)
	}
}

func TestLLMExtractErrors(t *testing.T) {
	invalidDate := `{"facts": [{"text": "User moved.", "memory_type": "episodic", "valid_from": "last week"}]}`
	cases := []struct {
		name    string
		steps   []scriptedStep
		wantErr error // errors.Is target; nil = any error
		calls   int
	}{
		{name: "invalid twice", steps: answers("I cannot help with that.", `{"facts": [{"text": 3}]}`), wantErr: ErrInvalidAnswer, calls: 2},
		{name: "invented message id twice", steps: answers(
			`{"facts": [{"text": "User lives in Lisbon.", "memory_type": "semantic", "message_ids": ["m7"]}]}`,
			`{"facts": [{"text": "User lives in Lisbon.", "memory_type": "semantic", "message_ids": ["x"]}]}`), wantErr: ErrInvalidAnswer, calls: 2},
		{name: "relative date twice", steps: answers(invalidDate, invalidDate), wantErr: ErrInvalidAnswer, calls: 2},
		{name: "transport error is not retried", steps: []scriptedStep{{err: errors.New("connection refused")}}, calls: 1},
		{name: "timeout", steps: []scriptedStep{{block: true}}, wantErr: context.DeadlineExceeded, calls: 1},
		{name: "timeout on the retry", steps: []scriptedStep{{answer: "no"}, {block: true}}, wantErr: context.DeadlineExceeded, calls: 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chat := &scriptedChat{steps: tc.steps}
			facts, err := NewLLM(chat, 50*time.Millisecond).Extract(context.Background(), llmReq)
			if err == nil {
				t.Fatalf("Extract = %v, want an error", facts)
			}
			if tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Errorf("error %v, want %v", err, tc.wantErr)
			}
			if !strings.Contains(err.Error(), "llm/scripted/test") {
				t.Errorf("error %q does not name the extractor", err)
			}
			if n := len(chat.requests()); n != tc.calls {
				t.Errorf("model calls = %d, want %d", n, tc.calls)
			}
		})
	}
}

// ignoringChat never answers and ignores its context, like a hung adapter.
type ignoringChat struct{ release chan struct{} }

func (c ignoringChat) Model() string { return "hung/test" }

func (c ignoringChat) Complete(context.Context, llm.ChatRequest) (string, error) {
	<-c.release
	return `{"facts": []}`, nil
}

func TestLLMExtractTimeoutWithHungAdapter(t *testing.T) {
	chat := ignoringChat{release: make(chan struct{})}
	defer close(chat.release)
	_, err := NewLLM(chat, 20*time.Millisecond).Extract(context.Background(), llmReq)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want a timeout", err)
	}
}

func TestLLMExtractCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	chat := &scriptedChat{steps: []scriptedStep{{block: true}}}
	_, err := NewLLM(chat, time.Minute).Extract(ctx, llmReq)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

func TestParseValidFrom(t *testing.T) {
	ref := time.Date(2023, 5, 8, 14, 30, 0, 0, time.UTC)
	cases := []struct {
		name, in string
		want     time.Time
		wantErr  bool
	}{
		{name: "empty is the message time", in: "", want: ref},
		{name: "the message's day is the message time", in: "2023-05-08", want: ref},
		{name: "another day", in: "2023-05-07", want: time.Date(2023, 5, 7, 0, 0, 0, 0, time.UTC)},
		{name: "month", in: "2023-06", want: time.Date(2023, 6, 1, 0, 0, 0, 0, time.UTC)},
		{name: "year", in: " 2024 ", want: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)},
		{name: "rfc3339", in: "2023-05-07T09:00:00+02:00", want: time.Date(2023, 5, 7, 7, 0, 0, 0, time.UTC)},
		{name: "words", in: "yesterday", wantErr: true},
		{name: "american", in: "05/07/2023", wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseValidFrom(tc.in, ref)
			if (err != nil) != tc.wantErr {
				t.Fatalf("error = %v, wantErr %v", err, tc.wantErr)
			}
			if !got.Equal(tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

var (
	deciderExisting = []Existing{
		{ID: "01HPARIS", Text: "Alice lives in Paris.", ValidFrom: time.Date(2021, 3, 1, 0, 0, 0, 0, time.UTC)},
		{ID: "01HPIZZA", Text: "Alice likes pizza."},
	}
	deciderFacts = []Fact{
		{Text: "Alice moved to Berlin in June 2024.", ValidFrom: time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)},
		{Text: "Alice especially likes margherita pizza."},
		{Text: "Alice has a cat named Tom."},
		{Text: "Alice enjoys pizza."},
	}
	deciderGood = `{"decisions": [
	  {"fact": 0, "event": "SUPERSEDE", "id": 0},
	  {"fact": 1, "event": "UPDATE", "id": 1, "text": "Alice likes pizza, especially margherita."},
	  {"fact": 3, "event": "NONE", "id": 1},
	  {"fact": 2, "event": "ADD", "id": 7}
	]}`
	deciderWant = []Decision{
		{Event: DecisionSupersede, Targets: []string{"01HPARIS"}},
		{Event: DecisionUpdate, Targets: []string{"01HPIZZA"}, Text: "Alice likes pizza, especially margherita."},
		{Event: DecisionAdd},
		{Event: DecisionNone, Targets: []string{"01HPIZZA"}},
	}
)

func TestLLMDecide(t *testing.T) {
	cases := []struct {
		name     string
		steps    []scriptedStep
		facts    []Fact
		existing []Existing
		want     []Decision
		calls    int
	}{
		{name: "integer ids mapped back, out-of-order answer", steps: answers(deciderGood), facts: deciderFacts,
			existing: deciderExisting, want: deciderWant, calls: 1},
		{name: "fenced answer", steps: answers("```\n" + deciderGood + "\n```"), facts: deciderFacts,
			existing: deciderExisting, want: deciderWant, calls: 1},
		{name: "retry after invented memory id",
			steps: answers(`{"decisions": [{"fact": 0, "event": "SUPERSEDE", "id": 5}, {"fact": 1, "event": "ADD"},
			  {"fact": 2, "event": "ADD"}, {"fact": 3, "event": "NONE"}]}`, deciderGood),
			facts: deciderFacts, existing: deciderExisting, want: deciderWant, calls: 2},
		{name: "retry after wrong count", steps: answers(`{"decisions": [{"fact": 0, "event": "ADD"}]}`, deciderGood),
			facts: deciderFacts, existing: deciderExisting, want: deciderWant, calls: 2},
		{name: "NONE without id", steps: answers(`{"decisions": [{"fact": 0, "event": "NONE"}]}`),
			facts: deciderFacts[:1], existing: deciderExisting, want: []Decision{{Event: DecisionNone}}, calls: 1},
		{name: "nothing stored: all ADD without a call", facts: deciderFacts[:2],
			want: []Decision{{Event: DecisionAdd}, {Event: DecisionAdd}}, calls: 0},
		{name: "no facts", existing: deciderExisting, calls: 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chat := &scriptedChat{steps: tc.steps}
			got, err := NewLLMDecider(chat, time.Second).Decide(context.Background(), tc.facts, tc.existing)
			if err != nil {
				t.Fatalf("Decide: %v", err)
			}
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("decisions (-want +got):\n%s", diff)
			}
			if n := len(chat.requests()); n != tc.calls {
				t.Errorf("model calls = %d, want %d", n, tc.calls)
			}
		})
	}
}

func TestLLMDecideRequest(t *testing.T) {
	chat := &scriptedChat{steps: answers(deciderGood)}
	if _, err := NewLLMDecider(chat, time.Second).Decide(context.Background(), deciderFacts, deciderExisting); err != nil {
		t.Fatalf("Decide: %v", err)
	}
	req := chat.requests()[0]
	system, _ := llm.Prompt(llm.PromptUpdateMemory)
	if req.System != system || !req.JSON || string(req.Schema) != llm.DecisionsSchema {
		t.Errorf("request does not use the update_memory prompt in JSON mode with DecisionsSchema")
	}
	input := req.Messages[0].Content
	for _, want := range []string{"0: Alice lives in Paris. (since 2021-03-01)", "1: Alice likes pizza.\n",
		"0: Alice moved to Berlin in June 2024. (2024-06-01)", "3: Alice enjoys pizza.", "exactly 4 decisions"} {
		if !strings.Contains(input, want) {
			t.Errorf("input lacks %q:\n%s", want, input)
		}
	}
	if strings.Contains(input, "01H") {
		t.Errorf("input shows a raw memory id:\n%s", input)
	}
}

func TestLLMDecideErrors(t *testing.T) {
	invented := `{"decisions": [{"fact": 0, "event": "SUPERSEDE", "id": 2}]}`
	cases := []struct {
		name     string
		steps    []scriptedStep
		wantErr  error
		wantText string // in the retry prompt
	}{
		{name: "invented memory id twice", steps: answers(invented, invented), wantErr: ErrInvalidAnswer, wantText: "there is no memory 2"},
		{name: "too few decisions twice", steps: answers(`{"decisions": []}`, `{"decisions": []}`), wantErr: ErrInvalidAnswer,
			wantText: "no decision for fact 0"},
		{name: "too many decisions twice", steps: answers(
			`{"decisions": [{"fact": 0, "event": "ADD"}, {"fact": 1, "event": "ADD"}]}`,
			`{"decisions": [{"fact": 0, "event": "ADD"}, {"fact": 0, "event": "NONE"}]}`), wantErr: ErrInvalidAnswer,
			wantText: "there is no fact 1"},
		{name: "UPDATE without text twice", steps: answers(`{"decisions": [{"fact": 0, "event": "UPDATE", "id": 0}]}`,
			`{"decisions": [{"fact": 0, "event": "UPDATE", "id": 0, "text": " "}]}`), wantErr: ErrInvalidAnswer, wantText: "needs the merged memory"},
		{name: "SUPERSEDE without id twice", steps: answers(`{"decisions": [{"fact": 0, "event": "SUPERSEDE"}]}`,
			`{"decisions": [{"fact": 0, "event": "SUPERSEDE"}]}`), wantErr: ErrInvalidAnswer, wantText: "needs the id"},
		{name: "unknown event twice", steps: answers(`{"decisions": [{"fact": 0, "event": "DELETE", "id": 0}]}`,
			`{"decisions": [{"fact": 0, "event": "DELETE", "id": 0}]}`), wantErr: ErrInvalidAnswer, wantText: "enum"},
		{name: "timeout", steps: []scriptedStep{{block: true}}, wantErr: context.DeadlineExceeded},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chat := &scriptedChat{steps: tc.steps}
			got, err := NewLLMDecider(chat, 50*time.Millisecond).Decide(context.Background(), deciderFacts[:1], deciderExisting)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("Decide = %v, %v; want %v", got, err, tc.wantErr)
			}
			reqs := chat.requests()
			if tc.wantText == "" {
				return
			}
			if len(reqs) != 2 {
				t.Fatalf("model calls = %d, want 2", len(reqs))
			}
			if retry := reqs[1].Messages[2].Content; !strings.Contains(retry, tc.wantText) {
				t.Errorf("retry prompt lacks %q: %q", tc.wantText, retry)
			}
		})
	}
}

func TestLLMCallCheck(t *testing.T) {
	call := newLLMCall(&scriptedChat{}, time.Second, llm.PromptExtractFacts)
	accept := func([]byte) error { return nil }
	cases := []struct{ name, answer, want string }{
		{name: "prose only", answer: "There are no facts here.", want: "the answer contains no JSON object"},
		{name: "truncated", answer: `{"facts": [{"text": "a"}`, want: "the answer is not valid JSON"},
		{name: "missing root field", answer: `{"fact": []}`, want: `the answer does not match the schema: required: missing properties: ["facts"]`},
		{name: "bad enum", answer: `{"facts": [{"text": "a", "memory_type": "x"}]}`, want: "the answer does not match the schema: facts/items/memory_type: enum"},
		{name: "wrong type", answer: `{"facts": [{"text": "a", "memory_type": "semantic", "message_ids": [1]}]}`,
			want: `the answer does not match the schema: facts/items/message_ids/items: type: 1 has type "integer", want "string"`},
		{name: "valid", answer: `{"facts": []}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := call.check(tc.answer, accept)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("check: %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("check = %v, want prefix %q", err, tc.want)
			}
		})
	}
}
