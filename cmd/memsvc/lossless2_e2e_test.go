package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/rest/client"
)

// The second round of lossless probes: the paths the first round
// (lossless_e2e_test.go) did not take. Two clients of one conversation,
// turns that arrive out of the order they were said in, corrections,
// deleting a turn, erasing a user, other languages, and the coding-agent
// stop hook on a resumed and a compacted session.

// episodesOf lists the caller's episodes (stale ones included), keyed by text.
func episodesOf(t *testing.T, c *client.Client) map[string]client.Memory {
	t.Helper()
	eps := map[string]client.Memory{}
	for _, m := range listAll(t, c) {
		if m.Source != nil && m.Source.Kind == "episode" {
			if _, dup := eps[m.Text]; dup {
				t.Errorf("episode stored twice: %q", m.Text)
			}
			eps[m.Text] = m
		}
	}
	return eps
}

// sayAt sends one turn of speaker, said at when, through from-conversation.
func sayAt(t *testing.T, c *client.Client, session, speaker, id, when, text string) *client.ConversationResponse {
	t.Helper()
	r, err := c.FromConversation(t.Context(), client.ConversationRequest{SessionID: session,
		Messages: []client.Message{{Role: "user", Name: speaker, Content: text, ID: id, CreatedAt: when}}})
	if err != nil {
		t.Fatalf("turn %q: %v", text, err)
	}
	return r
}

// factOf returns the fact stored from the turn with message id, found among
// all the caller's memories (stale ones included), whose text has word.
func factOf(t *testing.T, c *client.Client, id, word string) client.Memory {
	t.Helper()
	for _, m := range listAll(t, c) {
		if m.Source != nil && m.Source.Kind != "episode" && slices.Contains(m.Source.MessageIDs, id) &&
			strings.Contains(strings.ToLower(m.Text), strings.ToLower(word)) {
			return m
		}
	}
	t.Fatalf("no fact with %q from message %s", word, id)
	return client.Memory{}
}

// firstHit is the text of a default search's best result, "" when none.
func firstHit(t *testing.T, c *client.Client, query string) string {
	t.Helper()
	r, err := c.Search(t.Context(), client.SearchRequest{Query: query, TopK: 5})
	if err != nil {
		t.Fatalf("search %q: %v", query, err)
	}
	if len(r.Results) == 0 {
		return ""
	}
	return r.Results[0].Text
}

// TestLossless2LateOlderTurnDoesNotSupersede: a turn said in January that
// reaches the server after a turn said in June (a client that was offline,
// a slow second client) tells how things were, not how they are. The June
// fact stays active and found first; the January fact is kept, with a
// window that ends where the June fact begins.
func TestLossless2LateOlderTurnDoesNotSupersede(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	sayAt(t, c, "move", "Lena", "m2", "2025-06-01T10:00:00Z", "I moved to Munich in May.")
	sayAt(t, c, "move", "Lena", "m1", "2025-01-01T10:00:00Z", "I live in Berlin.")
	newer, older := factOf(t, c, "m2", "Munich"), factOf(t, c, "m1", "Berlin")
	if newer.State != "active" || newer.ValidTo != nil {
		t.Errorf("the fact said in June was closed by one said in January: %+v", newer)
	}
	if older.State != "superseded" || older.ValidTo == nil || *older.ValidTo != newer.ValidFrom {
		t.Errorf("the fact said in January: %+v; want superseded, valid until %s", older, newer.ValidFrom)
	}
	if hit := firstHit(t, c, "where does Lena live"); !strings.Contains(hit, "Munich") {
		t.Errorf("where does Lena live: first hit %q, want the Munich fact", hit)
	}
	for text, ep := range episodesOf(t, c) {
		if strings.Contains(text, "Munich") && ep.State != "active" {
			t.Errorf("the June turn was hidden by the January one: %+v", ep)
		}
	}
}

// mcpTurn stores one "role: content" turn through MCP add_memories in
// session; safe from a goroutine (it returns the error).
func mcpTurn(ctx context.Context, sess *sdk.ClientSession, session, role, content string) error {
	res, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: "add_memories",
		Arguments: map[string]any{"memories": []string{role + ": " + content}, "session_id": session}})
	if err == nil && res.IsError {
		err = fmt.Errorf("tool error: %+v", res.Content)
	}
	return err
}

// TestLossless2TwoClientsOneConversation: one conversation written by an
// MCP client and a REST client at once, interleaved. No turn is lost or
// kept twice; the REST turns' episodes carry the times they were said at
// and list in that order; the MCP turns keep the order they were sent in;
// a change of fact the REST client sends in order supersedes, and a turn
// repeated by both clients is kept once.
func TestLossless2TwoClientsOneConversation(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	sess := connectMCP(t, s.client, s.base, "chat-app", "")
	restTurns := []string{
		"My sister Carla is visiting from Porto next weekend.",
		"I work at Fernhill Bakery on the early shift.",
		"We are planning a picnic at the lake if the weather holds.",
		"Carla is allergic to peanuts so no satay this time.",
		"I quit Fernhill Bakery, I work at Copperleaf Books now.",
		"The picnic moved to Sunday because of rain on Saturday.",
	}
	mcpTurns := []string{
		"lol my cat knocked the plant over again 🙃",
		"anyway I started learning the cello in January",
		"my cello teacher is called Ruth and she is strict but fun",
		"also I switched my phone plan to a cheaper one",
		"Ruth says I should practise scales twenty minutes a day",
		"ok gotta run, cello lesson at six",
	}
	start := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	var wg sync.WaitGroup
	errs := make(chan error, len(restTurns)+len(mcpTurns))
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i, text := range restTurns {
			_, err := c.FromConversation(context.Background(), client.ConversationRequest{SessionID: "family",
				Messages: []client.Message{{Role: "user", Name: "Nora", Content: text, ID: fmt.Sprintf("r%d", i),
					CreatedAt: start.Add(time.Duration(i) * time.Minute).Format(time.RFC3339)}}})
			if err != nil {
				errs <- fmt.Errorf("REST turn %q: %w", text, err)
			}
		}
	}()
	go func() {
		defer wg.Done()
		for _, text := range mcpTurns {
			if err := mcpTurn(context.Background(), sess, "family", "user", text); err != nil {
				errs <- fmt.Errorf("MCP turn %q: %w", text, err)
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// the same turn again from the other client: a retry across clients
	if err := mcpTurn(t.Context(), sess, "family", "user", "Nora: "+restTurns[3]); err != nil {
		t.Fatal(err)
	}
	eps := episodesOf(t, c)
	wantKept(t, eps, "Nora: ", restTurns)
	wantKept(t, eps, "User: ", mcpTurns)
	wantSaidOrder(t, eps, "Nora: ", restTurns)
	wantSaidOrder(t, eps, "User: ", mcpTurns)
	for i, text := range restTurns {
		if ep := eps["Nora: "+text]; ep.ValidFrom != start.Add(time.Duration(i)*time.Minute).Format(time.RFC3339) {
			t.Errorf("episode of %q is valid from %s, want the time it was said", text, ep.ValidFrom)
		}
	}
	// the old job is closed by a fact of the turn that changed it, when that turn was said
	old, changedAt := factOf(t, c, "r1", "Fernhill"), eps["Nora: "+restTurns[4]].ValidFrom
	var by *client.Memory
	if old.SupersededBy != nil {
		by, _ = c.Get(t.Context(), *old.SupersededBy, "")
	}
	if old.State != "superseded" || by == nil || by.Source == nil || !slices.Contains(by.Source.MessageIDs, "r4") ||
		old.ValidTo == nil || *old.ValidTo != changedAt {
		t.Errorf("the old job %+v (superseded by %+v); want closed by a fact of turn r4, valid until %s", old, by, changedAt)
	}
	if hit := firstHit(t, c, "where does Nora work"); !strings.Contains(hit, "Copperleaf") {
		t.Errorf("where does Nora work: first hit %q, want the new job", hit)
	}
}

// wantKept checks that every turn is kept as an episode, once (episodesOf
// already reports doubles), found under prefix + text.
func wantKept(t *testing.T, eps map[string]client.Memory, prefix string, turns []string) {
	t.Helper()
	for _, text := range turns {
		if _, ok := eps[prefix+text]; !ok {
			t.Errorf("turn %q is not kept as an episode", prefix+text)
		}
	}
}

// wantSaidOrder checks that the episodes of turns, sorted by when they were
// said (valid_from, ties by id), come in the order the turns were said.
func wantSaidOrder(t *testing.T, eps map[string]client.Memory, prefix string, turns []string) {
	t.Helper()
	var got []client.Memory
	for _, text := range turns {
		if ep, ok := eps[prefix+text]; ok {
			got = append(got, ep)
		}
	}
	sort.SliceStable(got, func(i, j int) bool {
		if got[i].ValidFrom != got[j].ValidFrom {
			return got[i].ValidFrom < got[j].ValidFrom
		}
		return got[i].ID < got[j].ID
	})
	var order []string
	for _, ep := range got {
		order = append(order, strings.TrimPrefix(ep.Text, prefix))
	}
	if want := turns[:len(order)]; !slices.Equal(order, want) && len(order) == len(turns) {
		t.Errorf("episodes by said-at time:\n%s\nwant:\n%s", strings.Join(order, "\n"), strings.Join(turns, "\n"))
	}
}

// historyEvents is GET /api/v1/memories/{id}/history as event names.
func historyEvents(t *testing.T, s *testServer, who as, id string) ([]string, resp) {
	t.Helper()
	r := s.get(t, who, "/api/v1/memories/"+id+"/history")
	var h struct {
		Events []struct {
			Event string `json:"event"`
		} `json:"events"`
	}
	_ = json.Unmarshal(r.raw, &h)
	var names []string
	for _, e := range h.Events {
		names = append(names, e.Event)
	}
	return names, r
}

// TestLossless2CorrectAndDeleteTurn: a user corrects a distilled fact
// (PATCH): the old text stays in history, superseded by the corrected one,
// which keeps the fact's episode and is what search shows; an episode (a
// turn as said) cannot be corrected. Deleting a turn's episode takes the
// turn, not what it meant: its facts stay active, found, and name no
// episode (API.md: a delete names ids; "forget that …" is what removes
// both), and the episode's history keeps its events without its text.
func TestLossless2CorrectAndDeleteTurn(t *testing.T) {
	s, alice, _ := authServer(t)
	who := as{key: alice, place: keyBearer}
	c := s.api(alice)
	sayAt(t, c, "fix", "Nora", "m1", "2026-02-01T09:00:00Z", "I work at Fernhill Bakery on the early shift.")
	sayAt(t, c, "fix", "Nora", "m2", "2026-02-01T09:01:00Z", "My dentist is Dr Okafor at the Mill Road practice.")
	wrong := factOf(t, c, "m1", "Fernhill")
	fix := s.do(t, req{method: http.MethodPatch, path: "/api/v1/memories/" + wrong.ID, key: alice, place: keyBearer,
		body: map[string]any{"text": "Nora works at Fernhill Bakery on the late shift"}})
	wantStatus(t, fix, http.StatusOK)
	results, _ := fix.body["results"].([]any)
	if len(results) != 1 || results[0].(map[string]any)["event"] != "SUPERSEDE" {
		t.Fatalf("PATCH: %s; want one SUPERSEDE result", fix.raw)
	}
	fixedID, _ := results[0].(map[string]any)["id"].(string)
	old, err := c.Get(t.Context(), wrong.ID, "")
	if err != nil || old.State != "superseded" || old.SupersededBy == nil || *old.SupersededBy != fixedID || old.Text != wrong.Text {
		t.Errorf("the corrected fact afterwards: %+v, %v; want its text kept, superseded by %s", old, err, fixedID)
	}
	fixed, err := c.Get(t.Context(), fixedID, "")
	if err != nil || fixed.Source == nil || fixed.Source.EpisodeID != wrong.Source.EpisodeID {
		t.Errorf("the correction %+v, %v; want it to keep the episode %s", fixed, err, wrong.Source.EpisodeID)
	}
	if ev, r := historyEvents(t, s, who, wrong.ID); !slices.Equal(ev, []string{"ADD", "SUPERSEDED"}) {
		t.Errorf("history of the corrected fact: %s; want ADD, SUPERSEDED", r.raw)
	}
	if hit := firstHit(t, c, "which shift does Nora work at the bakery"); !strings.Contains(hit, "late shift") {
		t.Errorf("after the correction the first hit is %q, want the corrected text", hit)
	}
	episode := s.do(t, req{method: http.MethodPatch, path: "/api/v1/memories/" + wrong.Source.EpisodeID, key: alice,
		place: keyBearer, body: map[string]any{"text": "Nora: something else"}})
	wantError(t, episode, http.StatusConflict, "")

	dentist := factOf(t, c, "m2", "Okafor")
	del, err := c.Delete(t.Context(), client.DeleteRequest{MemoryIDs: []string{dentist.Source.EpisodeID}})
	if err != nil || len(del.Deleted) != 1 {
		t.Fatalf("delete the dentist turn: %+v, %v", del, err)
	}
	if _, err := c.Get(t.Context(), dentist.Source.EpisodeID, ""); err == nil {
		t.Errorf("the deleted episode is still readable")
	}
	kept, err := c.Get(t.Context(), dentist.ID, "")
	if err != nil || kept.State != "active" || kept.Source == nil || kept.Source.EpisodeID != "" {
		t.Errorf("the fact of the deleted turn: %+v, %v; want active, naming no episode", kept, err)
	}
	if hit := firstHit(t, c, "who is Nora's dentist"); !strings.Contains(hit, "Okafor") {
		t.Errorf("after deleting the turn, who is the dentist: %q; want its fact", hit)
	}
	ev, r := historyEvents(t, s, who, dentist.Source.EpisodeID)
	if !slices.Equal(ev, []string{"ADD", "DELETE"}) || strings.Contains(string(r.raw), "Okafor") {
		t.Errorf("history of the deleted turn: %s; want ADD, DELETE and no text", r.raw)
	}
}

// TestLossless2EraseLeavesNothing: erasing a user (DELETE /api/v1/users/me)
// leaves nothing of theirs in search, the list, history, export, or the
// index rebuilt after a restart; another user's turns are untouched.
func TestLossless2EraseLeavesNothing(t *testing.T) {
	const secret = "lossless2-secret-0123456789abcdef0123456789"
	dir := t.TempDir()
	env := map[string]string{"MEMSVC_AUTH_SECRET": secret}
	var alice, bob string
	var aliceIDs []string
	t.Run("erase", func(t *testing.T) {
		s := startServerOn(t, dir, env)
		alice, bob = mintKey(t, secret, dir, "alice"), mintKey(t, secret, dir, "bob")
		for _, key := range []string{alice, bob} {
			c := s.api(key)
			sayAt(t, c, "e", "Nora", "m1", "2026-02-01T09:00:00Z", "I keep bees on the roof of my building in Ghent.")
			sayAt(t, c, "e", "Nora", "m2", "2026-02-01T09:01:00Z", "The honey this year tasted of linden blossom.")
		}
		for _, m := range listAll(t, s.api(alice)) {
			aliceIDs = append(aliceIDs, m.ID)
		}
		erase := s.do(t, req{method: http.MethodDelete, path: "/api/v1/users/me", key: alice, place: keyBearer,
			body: map[string]any{"confirm": "alice"}})
		wantStatus(t, erase, http.StatusOK)
		wantNothingOf(t, s, alice, aliceIDs)
	})
	t.Run("after restart", func(t *testing.T) {
		s := startServerOn(t, dir, env)
		wantNothingOf(t, s, alice, aliceIDs)
		if hit := firstHit(t, s.api(bob), "bees on the roof"); !strings.Contains(hit, "bees") {
			t.Errorf("bob's turn after alice was erased: first hit %q", hit)
		}
	})
}

// wantNothingOf checks that the holder of key has nothing stored: no search
// hit (in any mode), no listed memory, no export record but the header, and
// none of ids readable or with a history holding their text.
func wantNothingOf(t *testing.T, s *testServer, key string, ids []string) {
	t.Helper()
	c := s.api(key)
	for _, mode := range []string{"hybrid", "text", "vector"} {
		r, err := c.Search(t.Context(), client.SearchRequest{Query: "bees roof honey linden", Mode: mode, IncludeSuperseded: true})
		if err != nil || len(r.Results) != 0 {
			t.Errorf("search (%s) after erase: %+v, %v", mode, r, err)
		}
	}
	if all := listAll(t, c); len(all) != 0 {
		t.Errorf("list after erase: %d memories", len(all))
	}
	exp := s.do(t, req{method: http.MethodGet, path: "/api/v1/export", key: key, place: keyBearer})
	wantStatus(t, exp, http.StatusOK)
	if strings.Contains(string(exp.raw), "bees") || strings.Contains(string(exp.raw), "linden") {
		t.Errorf("export after erase holds the erased text: %s", exp.raw)
	}
	who := as{key: key, place: keyBearer}
	for _, id := range ids {
		if _, err := c.Get(t.Context(), id, ""); err == nil {
			t.Errorf("memory %s is readable after erase", id)
		}
		if _, r := historyEvents(t, s, who, id); strings.Contains(string(r.raw), "bees") || strings.Contains(string(r.raw), "linden") {
			t.Errorf("history of %s after erase holds its text: %s", id, r.raw)
		}
	}
}

// changedFacts are turns in three languages, each pair stating a fact and,
// later, a change of it.
var changedFacts = []struct{ id, at, said, words string }{
	{"es1", "2026-01-01T10:00:00Z", "Vivo en Sevilla con mi pareja desde hace dos años.", "Sevilla"},
	{"es2", "2026-03-01T10:00:00Z", "¡Noticias! Nos mudamos a Valencia el mes pasado, ahora vivo en Valencia.", "Valencia"},
	{"de1", "2026-01-01T10:00:00Z", "Ich arbeite bei der Stadtbibliothek in Leipzig.", "Stadtbibliothek"},
	{"de2", "2026-03-01T10:00:00Z", "Ich habe gekündigt und arbeite jetzt bei einem Verlag in Dresden.", "Verlag"},
	{"ja1", "2026-01-01T10:00:00Z", "私は大阪に住んでいます、毎日電車で会社に行きます。", "大阪"},
	{"ja2", "2026-03-01T10:00:00Z", "先月、京都に引っ越しました。今は京都に住んでいます。", "京都"},
}

// TestLossless2OtherLanguagesKeptVerbatim: Spanish, German and Japanese
// turns, each language with a change of fact, are kept byte for byte,
// each once, with the time they were said, both sides of every change kept
// and found by their own words.
func TestLossless2OtherLanguagesKeptVerbatim(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	for _, f := range changedFacts {
		sayAt(t, c, "ml", "Kai", f.id, f.at, f.said)
	}
	eps := episodesOf(t, c)
	for _, f := range changedFacts {
		ep, ok := eps["Kai: "+f.said]
		if !ok {
			t.Errorf("turn %q is not kept as said", f.said)
			continue
		}
		if ep.ValidFrom != f.at {
			t.Errorf("turn %q is valid from %s, want %s", f.said, ep.ValidFrom, f.at)
		}
		if !found(t, c, f.words, true) {
			t.Errorf("%q is not found by its words %q", f.said, f.words)
		}
	}
}

// TestLossless2ShortCJKTurnKept: a short Japanese or Chinese statement is as
// much something said as a short English one ("I live in Osaka." is kept).
func TestLossless2ShortCJKTurnKept(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	for _, said := range []string{"I live in Osaka.", "私は大阪に住んでいます。", "我住在上海。"} {
		if r := sayAt(t, c, "ja", "Kai", "", "", said); r.NoFactsExtracted {
			t.Errorf("%q stored nothing: the turn is lost", said)
		}
	}
}

// TestLossless2OtherLanguagesNewerFirst: when a fact changed in Spanish or
// German and nothing was distilled to supersede, a question about it in
// the same language ranks the newer turn first.
func TestLossless2OtherLanguagesNewerFirst(t *testing.T) {
	t.Skip("finding NEWER-FIRST-I18N: es/de/ja turns now give facts, so one speaker Kai has three homes said at one instant; the later-said ja home supersedes the es one (see extract18 report)")
	s := startServer(t, nil)
	c := s.api("")
	for _, f := range changedFacts {
		sayAt(t, c, "ml", "Kai", f.id, f.at, f.said)
	}
	for q, want := range map[string]string{"¿Dónde vive Kai?": "Valencia", "Wo arbeitet Kai?": "Dresden", "京都 大阪 住んでいます": "京都"} {
		if hit := firstHit(t, c, q); !strings.Contains(hit, want) {
			t.Errorf("%s: first hit %q, want the newer turn (%s)", q, hit, want)
		}
	}
}

// codingExchanges is a long coding session, one user turn and the agent's
// reply each; a compaction happens after the sixth.
var codingExchanges = [][2]string{
	{"Our API server for the shop runs on port 8080 and reads its config from config/shop.yaml.", "Noted: the shop API listens on 8080 and loads config/shop.yaml at start-up."},
	{"We deploy the shop with Helm into the staging cluster first, never straight to production.", "Understood, staging via Helm first; I will not deploy to production directly."},
	{"The integration tests need a local Postgres 16 on port 5433, the default port is taken by another project.", "Got it, I will point the integration tests at Postgres 16 on 5433."},
	{"Please use pnpm for the frontend packages, we dropped yarn last quarter.", "Sure, pnpm it is for the frontend; I will not touch yarn."},
	{"The payment webhook secret lives in the vault under shop/payments, never in the repo.", "Understood, I will read the webhook secret from the vault path shop/payments."},
	{"Order emails are sent through the mailer service, which batches them every five minutes.", "Thanks, so order emails go through the mailer and are batched every five minutes."},
	{"We moved the API server to port 9090 this morning because 8080 clashes with the new proxy.", "Updated: the shop API now listens on 9090, not 8080, since the proxy took 8080."},
	{"Refunds over 500 euros need a second approval from the finance team before they are paid.", "Noted, refunds above 500 euros need finance's second approval first."},
	{"The product images are resized by a worker that reads from the uploads bucket.", "Understood, a worker resizes product images from the uploads bucket."},
	{"Search in the shop is backed by Meilisearch, version 1.6, running next to the API.", "Got it, the shop search uses Meilisearch 1.6 beside the API."},
}

// writeSession writes a Claude Code transcript of exchanges[:n]; with
// compactAfter > 0, a compaction summary entry follows that many exchanges
// (flagged when flagged is true, else as older versions wrote it).
func writeSession(t *testing.T, path string, n, compactAfter int, flagged bool) {
	t.Helper()
	var lines []string
	add := func(v map[string]any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		if compactAfter > 0 && i == compactAfter {
			add(map[string]any{"type": "user", "isCompactSummary": flagged, "uuid": "compact-1",
				"timestamp": at.Add(time.Duration(i)*time.Minute - 30*time.Second).Format(time.RFC3339),
				"message":   map[string]any{"role": "user", "content": "This session is being continued from a previous conversation that ran out of context. Summary: the user runs a shop API on port 8080 and deploys with Helm."}})
		}
		when := at.Add(time.Duration(i) * time.Minute)
		add(map[string]any{"type": "user", "uuid": fmt.Sprintf("u%d", i), "timestamp": when.Format(time.RFC3339),
			"message": map[string]any{"role": "user", "content": codingExchanges[i][0]}})
		add(map[string]any{"type": "assistant", "uuid": fmt.Sprintf("a%d", i), "timestamp": when.Add(20 * time.Second).Format(time.RFC3339),
			"message": map[string]any{"role": "assistant", "content": []map[string]any{{"type": "text", "text": codingExchanges[i][1]}}}})
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// stopAfterEach runs the stop hook once after each exchange, as Claude
// Code does, on a transcript that grows turn by turn.
func stopAfterEach(t *testing.T, env map[string]string, session, transcript string, compactAfter int, flagged bool) {
	t.Helper()
	for n := 1; n <= len(codingExchanges); n++ {
		writeSession(t, transcript, n, compactAfter, flagged)
		r := runHookBinary(t, "stop", env, event(t, "stop.json", map[string]any{"transcript_path": transcript,
			"session_id": session, "prompt_id": "", "cwd": "/home/dev/shop"}))
		if r.code != 0 {
			t.Fatalf("stop after exchange %d: exit %d, stderr %s", n, r.code, r.stderr)
		}
	}
}

// TestLossless2StopHookResumedAndCompacted: the coding-agent plugin's stop
// hook captures a long session exchange by exchange. Run again over the
// whole session (the session resumed on a machine without the hook's
// local state, under a new session id) it stores nothing; each user turn
// is kept once; a compaction summary in the middle is never kept as
// something the user said, in either transcript format.
func TestLossless2StopHookResumedAndCompacted(t *testing.T) {
	for _, flagged := range []bool{true, false} {
		t.Run(fmt.Sprintf("isCompactSummary=%v", flagged), func(t *testing.T) {
			s, alice, _ := authServer(t)
			c := s.api(alice)
			env := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_PROJECT": "none",
				"MEMSVC_HOOKS_STATE_DIR": t.TempDir()}
			transcript := filepath.Join(t.TempDir(), "session.jsonl")
			stopAfterEach(t, env, "shop-1", transcript, 6, flagged)
			first := listAll(t, c)
			env["MEMSVC_HOOKS_STATE_DIR"] = t.TempDir()
			stopAfterEach(t, env, "shop-1-resumed", transcript, 6, flagged)
			again := listAll(t, c)
			if len(again) != len(first) {
				t.Errorf("the resumed session stored %d more memories", len(again)-len(first))
			}
			wantUserTurnsOnce(t, again)
			for _, m := range again {
				if strings.Contains(m.Text, "being continued") || strings.Contains(m.Text, "ran out of context") {
					t.Errorf("the compaction summary was kept: %q", m.Text)
				}
			}
		})
	}
}

// TestLossless2StopHookChangeAfterCompaction: the port the user changed
// after the compaction is the one found first, and the old port's fact is
// superseded.
func TestLossless2StopHookChangeAfterCompaction(t *testing.T) {
	s, alice, _ := authServer(t)
	c := s.api(alice)
	env := map[string]string{"MEMSVC_URL": s.base, "MEMSVC_API_KEY": alice, "MEMSVC_PROJECT": "none",
		"MEMSVC_HOOKS_STATE_DIR": t.TempDir()}
	stopAfterEach(t, env, "shop-1", filepath.Join(t.TempDir(), "session.jsonl"), 6, true)
	if hit := firstHit(t, c, "which port does the shop API listen on"); !strings.Contains(hit, "9090") {
		t.Errorf("which port: first hit %q, want 9090", hit)
	}
	for _, m := range listAll(t, c) {
		// the new port's fact may name the old port as the reason it moved
		oldPort := strings.Contains(m.Text, "8080") && !strings.Contains(m.Text, "9090")
		if oldPort && m.State == "active" && m.Source != nil && m.Source.Kind != "episode" {
			t.Errorf("the old port's fact is still active: %q", m.Text)
		}
	}
}

// wantUserTurnsOnce checks that each user turn of codingExchanges is kept
// once: by an episode, or (README, "How memories are made": a turn one of
// whose facts says its words needs no episode) by such a fact, whose
// excerpt is the turn as said.
func wantUserTurnsOnce(t *testing.T, all []client.Memory) {
	t.Helper()
	for _, ex := range codingExchanges {
		episodes, asFact := 0, 0
		for _, m := range all {
			switch {
			case m.Source == nil:
			case m.Source.Kind == "episode" && strings.Contains(m.Text, ex[0]):
				episodes++
			case m.Source.EpisodeID == "" && m.Source.Excerpt == ex[0]:
				asFact++
			}
		}
		if episodes > 1 || episodes == 0 && asFact == 0 {
			t.Errorf("user turn %q is kept by %d episodes and %d facts standing for it, want one episode or a fact",
				ex[0], episodes, asFact)
		}
	}
}

// TestLossless2SoldAndBoughtSupersedes: selling one car and driving
// another now replaces what the user drove.
func TestLossless2SoldAndBoughtSupersedes(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	sayAt(t, c, "car", "Nora", "c1", "2026-01-01T10:00:00Z", "I drive a red Volvo estate, it is twelve years old.")
	sayAt(t, c, "car", "Nora", "c2", "2026-01-02T10:00:00Z", "I sold the Volvo yesterday and I drive a grey Skoda now.")
	if old := factOf(t, c, "c1", "Volvo"); old.State != "superseded" {
		t.Errorf("the Volvo fact is %s, want superseded", old.State)
	}
	if hit := firstHit(t, c, "what car does Nora drive"); !strings.Contains(hit, "Skoda") {
		t.Errorf("what car does Nora drive: first hit %q, want the Skoda", hit)
	}
}

// TestLossless2LateOlderNoteGoesToHistory: plain REST notes carry no
// episode; one said between two others that arrives last still goes to
// history, the newest stays current, and the late note is reported NONE
// with the current fact's id, not as a new current fact.
func TestLossless2LateOlderNoteGoesToHistory(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	note := func(text, when string) []client.WriteResult {
		r, err := c.Add(t.Context(), client.AddRequest{Text: text, Timestamp: when})
		if err != nil {
			t.Fatalf("add %q: %v", text, err)
		}
		return r.Results
	}
	note("The staging DB is on port 5432.", "2025-03-01T10:00:00Z")
	note("The staging DB is on port 6543.", "2025-03-10T10:00:00Z")
	late := note("The staging DB is on port 7777.", "2025-03-05T10:00:00Z")
	state := map[string]string{}
	current := map[string]string{}
	for _, m := range listAll(t, c) {
		if m.Source != nil && m.Source.Kind == "episode" {
			continue
		}
		for _, port := range []string{"5432", "6543", "7777"} {
			if strings.Contains(m.Text, port) {
				state[port] = m.State
				if m.State == "active" {
					current[m.ID] = port
				}
			}
		}
	}
	if want := map[string]string{"5432": "superseded", "6543": "active", "7777": "superseded"}; !maps.Equal(state, want) {
		t.Errorf("fact states %v, want %v", state, want)
	}
	for _, r := range late {
		if !r.Episode && (r.Event != "NONE" || current[r.ID] != "6543") {
			t.Errorf("the late note was reported %s (id %s), want NONE with the current fact's id", r.Event, r.ID)
		}
	}
}
