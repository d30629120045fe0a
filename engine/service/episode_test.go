package service_test

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// turns sends one request of user turns (Name "Alice") at time at, without
// dropping the episode results.
func turns(t *testing.T, e *service.Engine, at time.Time, texts ...string) *engine.ConversationResult {
	t.Helper()
	var msgs []engine.Message
	for _, s := range texts {
		msgs = append(msgs, engine.Message{Role: "user", Name: "Alice", Content: s, CreatedAt: at})
	}
	res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{Messages: msgs, SessionID: "s1"})
	if err != nil {
		t.Fatalf("AddConversation(%q): %v", texts, err)
	}
	return res
}

func episodesOf(res []engine.WriteResult) []engine.WriteResult {
	var out []engine.WriteResult
	for _, r := range res {
		if r.Episode {
			out = append(out, r)
		}
	}
	return out
}

func mustGet(t *testing.T, e *service.Engine, id string) *engine.Memory {
	t.Helper()
	m, err := e.Get(context.Background(), "u", id)
	if err != nil {
		t.Fatalf("Get(%s): %v", id, err)
	}
	return m
}

func search(t *testing.T, e *service.Engine, q engine.Query) []engine.Scored {
	t.Helper()
	res, err := e.Search(context.Background(), "u", q)
	if err != nil {
		t.Fatalf("Search(%q): %v", q.Text, err)
	}
	return res.Results
}

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// TestEpisodeKeepsWhatWasSaid: a turn is kept as said even where the
// extractor distils only part of it, and fact and episode link both ways.
func TestEpisodeKeepsWhatWasSaid(t *testing.T) {
	e := newPipelineEngine(t)
	said := "I moved to Lisbon last year, and our frontend builds go through a bespoke Quokka pipeline."
	res := turns(t, e, t0, said)
	eps := episodesOf(res.Results)
	if len(eps) != 1 || eps[0].Text != "Alice: "+said || res.NoFactsExtracted {
		t.Fatalf("episodes %+v (no_facts %v), want the turn as said", eps, res.NoFactsExtracted)
	}
	ep := mustGet(t, e, eps[0].ID)
	if ep.MemoryType != engine.TypeEpisodic || ep.Source.Kind != engine.SourceEpisode || ep.SessionID != "s1" {
		t.Errorf("episode %+v source %+v", ep, ep.Source)
	}
	facts := factsOf(res.Results)
	if len(facts) == 0 {
		t.Fatal("no fact distilled from the move")
	}
	for _, f := range facts {
		if m := mustGet(t, e, f.ID); m.Source.EpisodeID != ep.ID {
			t.Errorf("fact %q has episode %q, want %q", f.Text, m.Source.EpisodeID, ep.ID)
		}
		if !slices.Contains(ep.Facts, f.ID) {
			t.Errorf("episode facts %v lack %s", ep.Facts, f.ID)
		}
	}
	hits := search(t, e, engine.Query{Text: "Quokka pipeline", Mode: engine.ModeText})
	if len(hits) == 0 || !strings.Contains(hits[0].Text, "Quokka") {
		t.Errorf("the part of the turn the move's fact does not hold is not found: %+v", hits)
	}
}

// TestChatterStoresNothing: greetings, thanks, bare questions, tool chatter
// and pasted code are not episodes, and the request reports nothing stored.
func TestChatterStoresNothing(t *testing.T) {
	e := newPipelineEngine(t)
	res := turns(t, e, t0, "hi there!", "thanks, that's great!", "What was it like?", "run the tests again",
		"```\npanic: nil map\ngoroutine 1 [running]:\n```")
	if len(res.Results) != 0 || !res.NoFactsExtracted {
		t.Errorf("chatter stored %+v (no_facts %v)", res.Results, res.NoFactsExtracted)
	}
}

// TestRepeatStoresNothing: saying the same thing again stores no second
// episode and no second fact.
func TestRepeatStoresNothing(t *testing.T) {
	e := newPipelineEngine(t)
	first := turns(t, e, t0, "My sister Maja works as a nurse in Graz.")
	if len(first.Results) == 0 {
		t.Fatal("first turn stored nothing")
	}
	again := turns(t, e, t0.Add(time.Hour), "My sister Maja works as a nurse in Graz!")
	if len(again.Results) != 0 || !again.NoFactsExtracted {
		t.Errorf("repeat stored %+v (no_facts %v)", again.Results, again.NoFactsExtracted)
	}
}

// TestTwoFactsOfOneRequestSupersedeOneMemory: a request whose facts both
// contradict one stored fact succeeds; the old fact is closed once.
func TestTwoFactsOfOneRequestSupersedeOneMemory(t *testing.T) {
	e := newPipelineEngine(t)
	berlin := factsOf(turns(t, e, t0, "I live in Berlin.").Results)
	if len(berlin) != 1 {
		t.Fatalf("first turn facts %+v", berlin)
	}
	moved := turns(t, e, t0.AddDate(0, 2, 0), "I moved to Munich, I live in Munich now.")
	closed := 0
	for _, r := range moved.Results {
		if slices.Contains(r.Supersedes, berlin[0].ID) {
			closed++
		}
	}
	if closed != 1 {
		t.Errorf("Berlin closed %d times by %+v, want once", closed, moved.Results)
	}
	if m := mustGet(t, e, berlin[0].ID); m.State != engine.StateSuperseded {
		t.Errorf("Berlin is %s, want superseded", m.State)
	}
	hits := search(t, e, engine.Query{Text: "where does Alice live"})
	if len(hits) == 0 || !strings.Contains(hits[0].Text, "Munich") {
		t.Errorf("top hit %+v, want Munich", hits)
	}
}

// TestSupersedeHidesStaleEpisode: when a fact is superseded, the episode
// that stated it is no longer returned by default, stays reachable, and
// points at its replacement; the other facts of that episode stay active.
func TestSupersedeHidesStaleEpisode(t *testing.T) {
	e := newPipelineEngine(t)
	first := turns(t, e, t0, "I live in Berlin and I have a cat named Tom.")
	oldEp := episodesOf(first.Results)
	if len(oldEp) != 1 {
		t.Fatalf("episodes %+v", first.Results)
	}
	moved := turns(t, e, t0.AddDate(0, 3, 0), "I moved to Hamburg last week.")
	var by string
	for _, r := range factsOf(moved.Results) {
		if r.Event == engine.EventSupersede {
			by = r.ID
		}
	}
	if by == "" {
		t.Fatalf("the move superseded nothing: %+v", moved.Results)
	}
	ep := mustGet(t, e, oldEp[0].ID)
	if ep.State != engine.StateSuperseded || ep.SupersededBy == nil || *ep.SupersededBy != by {
		t.Errorf("old episode state %s superseded_by %v, want superseded by %s", ep.State, ep.SupersededBy, by)
	}
	for _, h := range search(t, e, engine.Query{Text: "Berlin"}) {
		if h.ID == ep.ID {
			t.Errorf("the stale episode is returned by default")
		}
	}
	found := slices.ContainsFunc(search(t, e, engine.Query{Text: "Berlin", IncludeSuperseded: true}),
		func(h engine.Scored) bool { return h.ID == ep.ID || h.Source.EpisodeID == ep.ID })
	if !found {
		t.Error("the stale episode is not returned with include_superseded")
	}
	cat := search(t, e, engine.Query{Text: "cat named Tom"})
	if len(cat) == 0 || cat[0].State != engine.StateActive || !strings.Contains(cat[0].Text, "Tom") {
		t.Errorf("the cat fact of the same episode is gone: %+v", cat)
	}
}

// TestOneSlotPerFinding: a fact and its own episode never take two places;
// the fact is returned carrying its episode's id and excerpt.
func TestOneSlotPerFinding(t *testing.T) {
	e := newPipelineEngine(t)
	res := turns(t, e, t0, "I am allergic to peanuts.")
	ep := episodesOf(res.Results)
	facts := factsOf(res.Results)
	if len(ep) != 1 || len(facts) != 1 {
		t.Fatalf("results %+v", res.Results)
	}
	turns(t, e, t0, "My favourite band is Khruangbin.")
	for _, mode := range []string{engine.ModeHybrid, engine.ModeText, engine.ModeVector} {
		hits := search(t, e, engine.Query{Text: "peanuts allergic", Mode: mode})
		var ids []string
		for _, h := range hits {
			ids = append(ids, h.ID)
		}
		if slices.Contains(ids, ep[0].ID) {
			t.Errorf("%s: the episode took a place beside its fact: %v", mode, ids)
		}
		if len(hits) == 0 || hits[0].ID != facts[0].ID || hits[0].Source.EpisodeID != ep[0].ID || hits[0].Source.Excerpt == "" {
			t.Errorf("%s: top hit %+v, want the fact with its episode id and excerpt", mode, hits)
		}
	}
}

// TestForgetRemovesEpisodes: forgetting a fact removes the episode that
// stated it too.
func TestForgetRemovesEpisodes(t *testing.T) {
	e := newPipelineEngine(t)
	res := turns(t, e, t0, "I work at Initech as a tester.")
	ep := episodesOf(res.Results)
	if len(ep) != 1 {
		t.Fatalf("results %+v", res.Results)
	}
	out, err := e.Forget(context.Background(), "u", "that I work at Initech", engine.ForgetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var deleted []string
	for _, r := range out {
		if r.Event == engine.EventDelete {
			deleted = append(deleted, r.ID)
		}
	}
	if !slices.Contains(deleted, ep[0].ID) || len(deleted) < 2 {
		t.Errorf("forget deleted %v, want the fact and its episode %s", deleted, ep[0].ID)
	}
	for _, h := range search(t, e, engine.Query{Text: "Initech", IncludeSuperseded: true}) {
		if strings.Contains(h.Text, "Initech") {
			t.Errorf("still stated after forget: %q (deleted %v)", h.Text, deleted)
		}
	}
}

// TestStatedPeriodSetsValidTo: a period the user states ("from Dec 20 to
// Jan 3", said in November) gives the fact a window spanning the new year.
func TestStatedPeriodSetsValidTo(t *testing.T) {
	e := newPipelineEngine(t)
	said := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	res := factsOf(turns(t, e, said, "I'm on PTO from Dec 20 to Jan 3.").Results)
	if len(res) != 1 {
		t.Fatalf("facts %+v", res)
	}
	m := mustGet(t, e, res[0].ID)
	from, to := time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC), time.Date(2027, 1, 4, 0, 0, 0, 0, time.UTC)
	if !m.ValidFrom.Equal(from) || m.ValidTo == nil || !m.ValidTo.Equal(to) || m.State != engine.StateActive {
		t.Errorf("window %v – %v (%s), want %v – %v, active", m.ValidFrom, m.ValidTo, m.State, from, to)
	}
}

// TestFactInTheTurnsOwnWordsNeedsNoEpisode: when a fact already says the
// turn's words, an episode beside it would only repeat them.
func TestFactInTheTurnsOwnWordsNeedsNoEpisode(t *testing.T) {
	e := newPipelineEngine(t)
	res, err := e.Note(context.Background(), "u", engine.AddRequest{Text: "The website deploys from the main branch"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Episode || !strings.Contains(res[0].Text, "main branch") {
		t.Errorf("results %+v, want one fact and no episode", res)
	}
	res, err = e.Note(context.Background(), "u", engine.AddRequest{Text: "I like coffee"})
	if err != nil {
		t.Fatal(err)
	}
	if len(episodesOf(res)) != 1 {
		t.Errorf("a rewritten fact (%+v) still needs the turn kept as said", res)
	}
}

// TestResolveAndCorrectRedactSecrets: a resolution and a correction are
// written text too: a secret in them is not stored.
func TestResolveAndCorrectRedactSecrets(t *testing.T) {
	e := newPipelineEngine(t)
	ctx := context.Background()
	const token = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
	if _, err := e.Add(ctx, "u", []engine.AddRequest{{Text: "The nightly deploy script fails on Mondays"}}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Resolve(ctx, "u", "the nightly deploy script fails on Mondays, fixed by rotating the token "+token, engine.AddRequest{})
	if err != nil || len(res) == 0 || res[0].Event != engine.EventSupersede {
		t.Fatalf("Resolve = %+v, %v", res, err)
	}
	if m := mustGet(t, e, res[0].ID); strings.Contains(m.Text, token) || res[0].Redacted != 1 {
		t.Errorf("resolution stored %q (redacted %d)", m.Text, res[0].Redacted)
	}
	other, err := e.Add(ctx, "u", []engine.AddRequest{{Text: "The staging database is db-7"}})
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := e.Correct(ctx, "u", other[0].ID, "The staging database is db-8, password "+token)
	if err != nil || len(fixed) != 1 {
		t.Fatalf("Correct = %+v, %v", fixed, err)
	}
	if m := mustGet(t, e, fixed[0].ID); strings.Contains(m.Text, token) {
		t.Errorf("correction stored %q", m.Text)
	}
}

// TestDeleteKeepsLinksTrue: deleting an episode leaves its facts standing
// alone (no episode id naming nothing); deleting a fact takes it off its
// episode's list.
func TestDeleteKeepsLinksTrue(t *testing.T) {
	e := newPipelineEngine(t)
	res := turns(t, e, t0, "I moved to Lisbon last year and I work as a nurse at the children's hospital.")
	eps, facts := episodesOf(res.Results), factsOf(res.Results)
	if len(eps) != 1 || len(facts) < 2 {
		t.Fatalf("want one episode and two facts, got %+v", res.Results)
	}
	ctx := context.Background()
	if _, _, err := e.Delete(ctx, "u", []string{facts[0].ID}); err != nil {
		t.Fatal(err)
	}
	if ep := mustGet(t, e, eps[0].ID); slices.Contains(ep.Facts, facts[0].ID) || !slices.Contains(ep.Facts, facts[1].ID) {
		t.Errorf("after deleting a fact the episode lists %v; want %s gone, %s kept", ep.Facts, facts[0].ID, facts[1].ID)
	}
	if _, _, err := e.Delete(ctx, "u", []string{eps[0].ID}); err != nil {
		t.Fatal(err)
	}
	if f := mustGet(t, e, facts[1].ID); f.Source.EpisodeID != "" || f.State != engine.StateActive {
		t.Errorf("after deleting its episode the fact names episode %q (state %s); want none, active", f.Source.EpisodeID, f.State)
	}
	hits := search(t, e, engine.Query{Text: "nurse children's hospital", Mode: engine.ModeText})
	if len(hits) == 0 || hits[0].ID != facts[1].ID {
		t.Errorf("the fact left alone is not found first: %+v", hits)
	}
}

// TestAnswerKeepsItsQuestion: a bare question is no episode of its own, but
// the other speaker's answer right after it keeps it, so the answer is
// found by what was asked. A reaction is kept nowhere, and a question the
// same speaker goes on from is not an answer's.
func TestAnswerKeepsItsQuestion(t *testing.T) {
	e := newPipelineEngine(t)
	msgs := []engine.Message{
		{Role: "user", Name: "Teodor", Content: "Wow, so cute! How long have you had the turtles?", ID: "q1", CreatedAt: t0},
		{Role: "user", Name: "Marisol", Content: "I've had them for three years now and they bring me joy.", ID: "a1", CreatedAt: t0},
		{Role: "user", Name: "Teodor", Content: "Wow, that sounds amazing!", ID: "r1", CreatedAt: t0},
		{Role: "user", Name: "Marisol", Content: "Where do you keep the tank? I put mine beside the bookshelf.", ID: "q2", CreatedAt: t0},
		{Role: "user", Name: "Marisol", Content: "My brother built the stand for it last spring.", ID: "s1", CreatedAt: t0},
	}
	res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{Messages: msgs, SessionID: "s1"})
	if err != nil {
		t.Fatal(err)
	}
	byText := map[string]*engine.Memory{}
	for _, r := range episodesOf(res.Results) {
		byText[r.Text] = mustGet(t, e, r.ID)
	}
	answer := "Marisol: I've had them for three years now and they bring me joy. (in reply to Teodor: How long have you had the turtles?)"
	ep, ok := byText[answer]
	if !ok || len(byText) != 3 {
		t.Fatalf("episodes %v, want the answer with its question and two more", slices.Collect(maps.Keys(byText)))
	}
	if got := ep.Source.MessageIDs; !slices.Equal(got, []string{"a1", "q1"}) {
		t.Errorf("answer's message ids %v, want its own and its question's", got)
	}
	for said := range byText {
		if strings.Contains(said, "amazing") || strings.Contains(said, "in reply to Marisol") {
			t.Errorf("episode %q: a reaction kept, or the speaker's own question taken as asked", said)
		}
	}
	hits := search(t, e, engine.Query{Text: "How long has Marisol had the turtles?", Mode: engine.ModeText})
	if len(hits) == 0 || hits[0].Source == nil || !slices.Contains(hits[0].Source.MessageIDs, "a1") {
		t.Errorf("the answer is not found by its question: %+v", hits)
	}
}
