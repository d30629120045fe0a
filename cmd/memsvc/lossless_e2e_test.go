package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/rest/client"
)

// chatTurn is one line of testdata/lossless/conversation.txt.
type chatTurn struct {
	session, at, speaker string
	phrase               string // words a search must find; "" for small talk
	replaced             bool   // a later turn replaces what this one states
	text                 string
}

// loadChat reads the long two-speaker chat the lossless probes feed in.
func loadChat(t *testing.T) []chatTurn {
	t.Helper()
	b, err := os.ReadFile("testdata/lossless/conversation.txt")
	if err != nil {
		t.Fatal(err)
	}
	var turns []chatTurn
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "|", 5)
		if len(f) != 5 {
			t.Fatalf("bad fixture line %q", line)
		}
		c := chatTurn{session: f[0], at: f[1], speaker: f[2], phrase: f[3], text: strings.ReplaceAll(f[4], `\n`, "\n")}
		if c.phrase == "-" {
			c.phrase = ""
		}
		c.phrase, c.replaced = strings.CutPrefix(c.phrase, "@")
		turns = append(turns, c)
	}
	return turns
}

// chatMessages is the chat as from-conversation messages, each with its id.
func chatMessages(turns []chatTurn) []client.Message {
	msgs := make([]client.Message, len(turns))
	for i, c := range turns {
		msgs[i] = client.Message{Role: "user", Content: c.text, Name: c.speaker, ID: fmt.Sprintf("m%d", i+1), CreatedAt: c.at}
	}
	return msgs
}

// listAll pages through every memory of the caller, stale ones included.
func listAll(t *testing.T, c *client.Client) []client.Memory {
	t.Helper()
	return listAllOf(t, c, "")
}

// listAllOf is listAll for user ("": the caller's), with auth off.
func listAllOf(t *testing.T, c *client.Client, user string) []client.Memory {
	t.Helper()
	var all []client.Memory
	for page := 1; ; page++ {
		r, err := c.List(t.Context(), client.ListRequest{Page: page, Size: 100, IncludeSuperseded: true, UserID: user})
		if err != nil {
			t.Fatalf("list page %d: %v", page, err)
		}
		all = append(all, r.Items...)
		if page >= r.Pages {
			return all
		}
	}
}

// found reports whether a search for phrase shows it: in a result's text or
// excerpt, or in the episode a result names (a fact stands in for its turn).
func found(t *testing.T, c *client.Client, phrase string, stale bool) bool {
	t.Helper()
	r, err := c.Search(t.Context(), client.SearchRequest{Query: phrase, TopK: 10, IncludeSuperseded: stale})
	if err != nil {
		t.Fatalf("search %q: %v", phrase, err)
	}
	want := strings.ToLower(phrase)
	for _, m := range r.Results {
		if strings.Contains(strings.ToLower(m.Text), want) {
			return true
		}
		if m.Source == nil {
			continue
		}
		if strings.Contains(strings.ToLower(m.Source.Excerpt), want) {
			return true
		}
		if m.Source.EpisodeID != "" {
			if ep, err := c.Get(t.Context(), m.Source.EpisodeID, ""); err == nil && strings.Contains(strings.ToLower(ep.Text), want) {
				return true
			}
		}
	}
	return false
}

// isPhoto reports whether a turn only describes a shared photo: a known
// engine gap (such a turn keeps no episode), checked apart.
func isPhoto(c chatTurn) bool { return strings.HasPrefix(c.text, "[shared a photo") }

// TestLosslessChatOverREST feeds a five-week chat of two speakers (small
// talk, questions, changes of fact) as one from-conversation batch, then
// sends the same batch again as a client retry would, with and without
// message ids and times. Every substantive
// turn must be findable by its own words; the retry must store nothing and
// must not reopen what a later turn replaced; each turn is kept once; a
// replaced fact is hidden by default, shown with include_superseded, with an
// ordered validity window, and the turn that replaced it stays found.
func TestLosslessChatOverREST(t *testing.T) {
	turns := loadChat(t)
	s := startServer(t, nil)
	c := s.api("")
	req := client.ConversationRequest{Messages: chatMessages(turns), SessionID: "chat"}
	first, err := c.FromConversation(t.Context(), req)
	if err != nil || first.NoFactsExtracted {
		t.Fatalf("from-conversation = %+v, %v", first, err)
	}
	wantRetryStoresNothing(t, c, req)
	// A client that sends neither message ids nor times (another user):
	// the same batch again is still the same history told again.
	bare := req
	bare.UserID = "no-ids"
	bare.Messages = slices.Clone(req.Messages)
	for i := range bare.Messages {
		bare.Messages[i].ID, bare.Messages[i].CreatedAt = "", ""
	}
	if _, err := c.FromConversation(t.Context(), bare); err != nil {
		t.Fatal(err)
	}
	wantRetryStoresNothing(t, c, bare)
	after := listAll(t, c)
	wantEveryTurnFound(t, c, turns, "")
	wantEachTurnOnce(t, after)
	wantWindows(t, c, after)
	wantHistories(t, s, after)
}

// wantHistories checks each memory's history route: one ADD, first, and a
// superseded memory's SUPERSEDED once, naming what replaced it.
func wantHistories(t *testing.T, s *testServer, all []client.Memory) {
	t.Helper()
	for _, m := range all {
		r := s.get(t, anon, "/api/v1/memories/"+m.ID+"/history")
		wantStatus(t, r, 200)
		var h struct {
			Events []struct {
				Event   string `json:"event"`
				OtherID string `json:"other_id"`
			}
		}
		if err := json.Unmarshal(r.raw, &h); err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		var replacedBy string
		for _, e := range h.Events {
			count[e.Event]++
			if e.Event == "SUPERSEDED" {
				replacedBy = e.OtherID
			}
		}
		if len(h.Events) == 0 || h.Events[0].Event != "ADD" || count["ADD"] != 1 {
			t.Errorf("history of %q: %s; want one ADD first", m.Text, r.raw)
		}
		if m.State == "superseded" && m.SupersededBy != nil && (count["SUPERSEDED"] != 1 || replacedBy != *m.SupersededBy) {
			t.Errorf("history of superseded %q: %s; want one SUPERSEDED naming %s", m.Text, r.raw, *m.SupersededBy)
		}
	}
}

// wantRetryStoresNothing sends req again and checks that it stores nothing
// and changes nothing stored.
func wantRetryStoresNothing(t *testing.T, c *client.Client, req client.ConversationRequest) {
	t.Helper()
	before := listAllOf(t, c, req.UserID)
	again, err := c.FromConversation(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Results) != 0 || !again.NoFactsExtracted {
		t.Errorf("the retried batch stored %d results: %+v", len(again.Results), again.Results)
	}
	if diff := cmp.Diff(before, listAllOf(t, c, req.UserID)); diff != "" {
		t.Errorf("the retried batch changed stored memories (-before +after):\n%s", diff)
	}
}

// wantEveryTurnFound checks that each turn of speaker ("": any) with a
// phrase is found by it: by default unless a later turn replaced it, and
// always with include_superseded.
func wantEveryTurnFound(t *testing.T, c *client.Client, turns []chatTurn, speaker string) {
	t.Helper()
	for _, tu := range turns {
		if tu.phrase == "" || isPhoto(tu) || (speaker != "" && tu.speaker != speaker) {
			continue
		}
		if !found(t, c, tu.phrase, true) {
			t.Errorf("%q is not found even with include_superseded (turn %q)", tu.phrase, tu.text)
		} else if !tu.replaced && !found(t, c, tu.phrase, false) {
			t.Errorf("%q is not found by default (turn %q)", tu.phrase, tu.text)
		}
	}
}

// wantEachTurnOnce checks that no message id is kept by two episodes and no
// two episodes say the same thing.
func wantEachTurnOnce(t *testing.T, all []client.Memory) {
	t.Helper()
	byMessage, byText := map[string]string{}, map[string]bool{}
	for _, m := range all {
		if m.Source == nil || m.Source.Kind != "episode" {
			continue
		}
		if byText[m.Text] {
			t.Errorf("episode stored twice: %q", m.Text)
		}
		byText[m.Text] = true
		for _, id := range m.Source.MessageIDs {
			if prev, ok := byMessage[id]; ok {
				t.Errorf("message %s kept by two episodes: %q and %q", id, prev, m.Text)
			}
			byMessage[id] = m.Text
		}
	}
}

// wantWindows checks every superseded memory: its window is set and
// ordered, what replaced it is active and its turn is kept and active, and
// its history says it was superseded.
func wantWindows(t *testing.T, c *client.Client, all []client.Memory) {
	t.Helper()
	n := 0
	for _, m := range all {
		if m.State != "superseded" || m.Source == nil || m.Source.Kind == "episode" {
			continue
		}
		n++
		if m.ValidTo == nil || m.ExpiredAt == nil || m.SupersededBy == nil {
			t.Errorf("superseded %q lacks valid_to, expired_at or superseded_by: %+v", m.Text, m)
			continue
		}
		if *m.ValidTo <= m.ValidFrom {
			t.Errorf("%q: valid_to %s is not after valid_from %s", m.Text, *m.ValidTo, m.ValidFrom)
		}
		next, err := c.Get(t.Context(), *m.SupersededBy, "")
		if err != nil || next.State != "active" || next.ValidFrom != *m.ValidTo {
			t.Errorf("%q was replaced by %+v (%v): want an active memory valid from %s", m.Text, next, err, *m.ValidTo)
			continue
		}
		if next.Source == nil || next.Source.EpisodeID == "" {
			t.Errorf("the replacing fact %q names no episode", next.Text)
		} else if ep, err := c.Get(t.Context(), next.Source.EpisodeID, ""); err != nil || ep.State != "active" {
			t.Errorf("the turn that replaced %q is gone or hidden: %+v, %v", m.Text, ep, err)
		}
	}
	if n < 2 {
		t.Errorf("only %d facts were superseded: the chat's changes of fact were not read as changes", n)
	}
}

// addTurn stores one turn through MCP add_memories as "role: content" and
// returns the tool's structured answer.
func addTurn(t *testing.T, sess *sdk.ClientSession, role, content string) map[string]any {
	t.Helper()
	res, err := sess.CallTool(t.Context(), &sdk.CallToolParams{Name: "add_memories",
		Arguments: map[string]any{"memories": []string{role + ": " + content}, "session_id": "chat"}})
	if err != nil || res.IsError {
		t.Fatalf("add_memories %q: %v %+v", content, err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return out
}

// TestLosslessChatOverMCP feeds the same chat through MCP add_memories one
// turn a call, the first speaker as the user and the other as the
// assistant, and repeats every call once as a client retry would: every
// substantive user turn is found by its words, each turn is kept once (an
// answer sent again without the question the first call kept with it, too),
// the retries store nothing, and a turn of emoji alone is no error.
func TestLosslessChatOverMCP(t *testing.T) {
	turns := loadChat(t)
	s := startServer(t, nil)
	sess := connectMCP(t, s.client, s.base, "chat-client", "")
	c := s.api("")
	for _, tu := range turns {
		role := "user"
		if tu.speaker != turns[0].speaker {
			role = "assistant"
		}
		addTurn(t, sess, role, tu.text)
		before := len(listAll(t, c))
		addTurn(t, sess, role, tu.text)
		if after := len(listAll(t, c)); after != before {
			t.Errorf("a retried call for %q stored %d more memories", tu.text, after-before)
		}
	}
	all := listAll(t, c)
	// What an assistant says is kept selectively (README, "How memories are
	// made": its plans, progress and filler are not), so only the user's
	// turns must all be found.
	wantEveryTurnFound(t, c, turns, turns[0].speaker)
	wantEachTurnOnce(t, all)
}

// TestLosslessVerbatimTurns: what a turn said comes back byte for byte in
// its episode ("Speaker: " and the turn, trimmed of surrounding white
// space): other scripts, decomposed accents (NFD is not normalised away),
// CRLF line breaks, code blocks and pasted logs with prose around them. A
// turn of emoji alone is small talk, not an error; a turn over the size cap
// is refused whole, naming it, and nothing of its request is stored.
func TestLosslessVerbatimTurns(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	said := []string{
		"Je viens d'emménager à Lyon avec ma sœur, et je travaille chez Michelin maintenant.",
		"Je viens d'emme\u0301nager a\u0300 Grenoble avec mon fre\u0300re Bastien, il est inge\u0301nieur.",
		"我下个月要去东京出差，我的同事李明也一起去。",
		"Mi abuela cumple noventa años en agosto 🎂 y vamos a celebrarlo en Sevilla.",
		"My landlord raised the rent to 1450 euros a month.\r\nI pay it on the first of each month.   ",
		"The deploy failed again, our staging cluster is named kestrel-9:\n```\npanic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:12 +0x1d\n```",
		"Here is my helper:\n```go\nfunc add(a, b int) int { return a + b }\n```\nI wrote it for the billing service called ledgerly.",
	}
	for i, content := range said {
		r, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: []client.Message{
			{Role: "user", Name: "Mara", Content: content, ID: fmt.Sprintf("v%d", i)}}})
		if err != nil {
			t.Fatalf("turn %q: %v", content, err)
		}
		want := "Mara: " + strings.TrimSpace(content)
		var got []string
		for _, x := range r.Results {
			if x.Episode {
				m, err := c.Get(t.Context(), x.ID, "")
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, m.Text)
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("episode of %q = %q, want exactly %q", content, got, want)
		}
	}
	n := len(listAll(t, c))
	emoji, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: []client.Message{{Role: "user", Content: "🎉🎉🎉"}}})
	if err != nil || !emoji.NoFactsExtracted {
		t.Errorf("an emoji-only turn: %+v, %v; want nothing stored and no error", emoji, err)
	}
	big := client.Message{Role: "user", Content: strings.Repeat("The crumb was open and the crust crackled. ", 800)}
	_, err = c.FromConversation(t.Context(), client.ConversationRequest{Messages: []client.Message{
		{Role: "user", Content: "I bake sourdough every Sunday morning."}, big}})
	wantClientError(t, err, 413, "payload_too_large", "messages[1].content")
	if after := len(listAll(t, c)); after != n {
		t.Errorf("the refused requests stored %d memories", after-n)
	}
}

// TestLosslessDeleteAndExport: deleting a fact leaves the turn it came from
// (only "forget that …" removes the turns too), and export → import →
// export of the chat keeps every episode, fact link and validity window.
func TestLosslessDeleteAndExport(t *testing.T) {
	turns := loadChat(t)
	src, dst := t.TempDir(), t.TempDir()
	t.Run("fill", func(t *testing.T) {
		s := startServerOn(t, src, nil)
		c := s.api("")
		r, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: chatMessages(turns), SessionID: "chat"})
		if err != nil {
			t.Fatal(err)
		}
		var fact client.WriteResult
		for _, x := range r.Results {
			if !x.Episode && x.Event == "ADD" {
				fact = x
				break
			}
		}
		m, err := c.Get(t.Context(), fact.ID, "")
		if err != nil || m.Source == nil || m.Source.EpisodeID == "" {
			t.Fatalf("fact %+v: %+v, %v; want one naming its episode", fact, m, err)
		}
		if _, err := c.Delete(t.Context(), client.DeleteRequest{MemoryIDs: []string{fact.ID}}); err != nil {
			t.Fatal(err)
		}
		ep, err := c.Get(t.Context(), m.Source.EpisodeID, "")
		if err != nil || ep.State != "active" {
			t.Fatalf("deleting fact %q took its turn: %+v, %v", fact.Text, ep, err)
		}
		if slices.Contains(ep.Facts, fact.ID) {
			t.Errorf("the episode still lists the deleted fact %s: %v", fact.ID, ep.Facts)
		}
	})
	first := filepath.Join(t.TempDir(), "first.jsonl")
	runBin(t, nil, false, "export", "--data", src, "--out", first)
	runBin(t, nil, false, "import", "--data", dst, "--in", first)
	second := filepath.Join(t.TempDir(), "second.jsonl")
	runBin(t, nil, false, "export", "--data", dst, "--out", second)
	a, b := exportRecords(t, first), exportRecords(t, second)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("export → import → export changed records (-first +second):\n%s", diff)
	}
	episodes, closed := 0, 0
	for _, r := range a {
		m, _ := r["memory"].(map[string]any)
		if src, _ := m["source"].(map[string]any); src["kind"] == "episode" {
			episodes++
		}
		if m["valid_to"] != nil && m["superseded_by"] != nil {
			closed++
		}
	}
	if episodes < 40 || closed < 2 {
		t.Errorf("the export holds %d episodes and %d closed windows: the probe checks too little (%d records)", episodes, closed, len(a))
	}
}

// TestLosslessSharedPhotoTurns: a chat export writes a shared photo as its
// description in brackets; what the photo shows is something said and must
// be found by its words.
func TestLosslessSharedPhotoTurns(t *testing.T) {
	turns := loadChat(t)
	s := startServer(t, nil)
	c := s.api("")
	if _, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: chatMessages(turns)}); err != nil {
		t.Fatal(err)
	}
	for _, tu := range turns {
		if isPhoto(tu) {
			// the description without its bracketed lead-in
			what := strings.TrimSuffix(tu.text[strings.Index(tu.text, ":")+2:], "]")
			if !found(t, c, what, true) {
				t.Errorf("the shared photo %q is not found by its description", tu.text)
			}
		}
	}
}
