package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/rest/client"
)

// The third round of lossless probes: history a client sends again without
// ids or times, turns dated ahead of the server, a chain of narrowing
// facts, and a long conversation over both MCP and REST.

// replayPairs is a short chat as an automation's memory node sends it: one
// request per exchange (the user's turn and the reply), no ids, no times.
var replayPairs = [][2]string{
	{"I live in Hamburg with my two cats.", "Hamburg sounds lovely, and two cats!"},
	{"I work as a nurse at the Altona clinic.", "Nursing is demanding work."},
	{"Big news: I moved to Bremen last week, I live in Bremen now.", "Congratulations on the move to Bremen!"},
	{"I quit the clinic, I work as a paramedic now.", "Paramedic, what a change."},
}

// sendPairs sends each exchange of pairs as its own request in session.
func sendPairs(t *testing.T, c *client.Client, session string, pairs [][2]string) {
	t.Helper()
	for _, p := range pairs {
		_, err := c.FromConversation(t.Context(), client.ConversationRequest{SessionID: session,
			Messages: []client.Message{{Role: "user", Content: p[0]}, {Role: "assistant", Content: p[1]}}})
		if err != nil {
			t.Fatalf("exchange %q: %v", p[0], err)
		}
	}
}

// TestLossless3ReplayedChatChangesNothing: a client that lost its state
// (an automation's memory node after a restart) sends the whole chat again,
// exchange by exchange, without ids or times. Every replayed turn is
// recognised as an episode of that conversation already stored: no new
// memory, no state flipping back and forth, no new history event; the
// current values stay current throughout.
func TestLossless3ReplayedChatChangesNothing(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	sendPairs(t, c, "chat-1", replayPairs)
	before := listAll(t, c)
	histories := map[string]string{}
	for _, m := range before {
		histories[m.ID] = string(s.get(t, anon, "/api/v1/memories/"+m.ID+"/history").raw)
	}
	for i := range replayPairs {
		sendPairs(t, c, "chat-1", replayPairs[i:i+1])
		// mid-replay, the old home must not come back as current
		if hit := firstHit(t, c, "where does the user live"); !strings.Contains(hit, "Bremen") {
			t.Errorf("after replaying exchange %d, where does the user live: first hit %q", i, hit)
		}
	}
	after := listAll(t, c)
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the replayed chat changed what is stored (-before +after):\n%s", diff)
	}
	for _, m := range after {
		if h := string(s.get(t, anon, "/api/v1/memories/"+m.ID+"/history").raw); h != histories[m.ID] {
			t.Errorf("history of %q changed by the replay:\nbefore %s\nafter  %s", m.Text, histories[m.ID], h)
		}
	}
}

// TestLossless3TurnStampedAheadHoldsFromNow: a turn and a note stamped
// hours ahead of the server (a client clock running fast, local time sent
// without its offset) are accepted, and neither the turn's episode nor its
// facts hold from a time that has not come yet: they hold from when the
// server received them.
func TestLossless3TurnStampedAheadHoldsFromNow(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	ahead := time.Now().UTC().Add(12 * time.Hour).Format(time.RFC3339)
	sayAt(t, c, "skew", "Ines", "k1", ahead, "I teach chemistry at the Lindenhof school.")
	if _, err := c.Add(t.Context(), client.AddRequest{Text: "The school choir rehearses in room 12.", Timestamp: ahead}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Add(t.Context(), client.AddRequest{Text: "The lab key is in the blue drawer.", Timestamp: ahead,
		Infer: new(bool)}); err != nil {
		t.Fatal(err)
	}
	received := time.Now().UTC()
	all := listAll(t, c)
	if len(all) < 4 {
		t.Fatalf("stored %d memories, want the turn's episode and fact and both notes", len(all))
	}
	for _, m := range all {
		from, err := time.Parse(time.RFC3339Nano, m.ValidFrom)
		if err != nil || from.After(received) {
			t.Errorf("%q holds from %s (%v), after it was received (%s)", m.Text, m.ValidFrom, err, received.Format(time.RFC3339))
		}
	}
}

// TestLossless3ChainReadsInOrder: three values of one thing, the middle one
// said last. Each superseded value points at the one that followed it, and
// that one lists it: walking superseded_by from the first reaches the
// current value through the middle one, and each window ends where the
// next begins.
func TestLossless3ChainReadsInOrder(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	said := []struct{ text, at string }{
		{"The metrics collector is on port 4100.", "2025-04-01T10:00:00Z"},
		{"The metrics collector is on port 4300.", "2025-04-20T10:00:00Z"},
		{"The metrics collector is on port 4200.", "2025-04-10T10:00:00Z"}, // said between, sent last
	}
	for _, n := range said {
		if _, err := c.Add(t.Context(), client.AddRequest{Text: n.text, Timestamp: n.at}); err != nil {
			t.Fatal(err)
		}
	}
	byValue := map[string]client.Memory{}
	for _, m := range listAll(t, c) {
		for _, v := range []string{"4100", "4200", "4300"} {
			if strings.Contains(m.Text, v) && (m.Source == nil || m.Source.Kind != "episode") {
				byValue[v] = m
			}
		}
	}
	a, b, cur := byValue["4100"], byValue["4200"], byValue["4300"]
	if cur.State != "active" || a.State != "superseded" || b.State != "superseded" {
		t.Fatalf("states a=%s b=%s c=%s, want superseded, superseded, active", a.State, b.State, cur.State)
	}
	for _, link := range []struct{ from, to client.Memory }{{a, b}, {b, cur}} {
		if by := link.from.SupersededBy; by == nil || *by != link.to.ID {
			t.Errorf("%q is superseded by %s, want %s (%q)", link.from.Text, deref(by), link.to.ID, link.to.Text)
		}
		if !slices.Contains(link.to.Supersedes, link.from.ID) {
			t.Errorf("%q lists %v as superseded, want it to list %s", link.to.Text, link.to.Supersedes, link.from.ID)
		}
		if link.from.ValidTo == nil || *link.from.ValidTo != link.to.ValidFrom {
			t.Errorf("%q is valid until %v, want %s", link.from.Text, link.from.ValidTo, link.to.ValidFrom)
		}
	}
	if slices.Contains(cur.Supersedes, a.ID) {
		t.Errorf("the current value still lists the first as superseded by it: %v", cur.Supersedes)
	}
}

// deref is *s, or "nil".
func deref(s *string) string {
	if s == nil {
		return "nil"
	}
	return *s
}

// longChatChange is one fact the long chat states and, weeks later,
// changes; question asks for it.
type longChatChange struct {
	before, after, question, oldWord, newWord string
	overMCP                                   bool // else REST from-conversation, dated
}

// longChatChanges are the long chat's changed facts.
var longChatChanges = []longChatChange{
	{"I work as a pharmacist at Hollybrook Pharmacy.", "I left Hollybrook Pharmacy, I work as a teacher at Ridgeview School now.",
		"where does Maeve work", "Hollybrook", "Ridgeview", false},
	{"I live in Galway with my partner.", "We moved to Limerick last month, I live in Limerick now.",
		"where does Maeve live", "Galway", "Limerick", false},
	{"Our build server runs on port 7100.", "We moved the build server to port 7200 because of a clash.",
		"which port does the build server run on", "7100", "7200", true},
	{"I drive a white Toyota hatchback.", "I sold the Toyota last week and I drive a green Kia now.",
		"what car does the user drive", "Toyota", "Kia", true},
}

// longChatTurn builds the i-th small-talk turn of the long chat: each says
// something of its own (a day, an activity, a place, a companion), so each
// can be found by its own words among hundreds of similar ones.
func longChatTurn(i int) string {
	days := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	acts := []string{"played badminton", "baked sourdough", "repaired a bicycle", "painted a fence", "watched a documentary",
		"planted tulips", "practised the violin", "visited a museum", "cooked a curry", "went kayaking", "sorted old photos",
		"built a birdhouse", "tried pottery", "hiked a ridge", "learned a card trick", "knitted a scarf", "wrote a poem"}
	places := []string{"harbour", "library", "community hall", "allotment", "riverside park", "old mill", "market square",
		"sports centre", "botanic garden", "lighthouse", "train museum", "bakery", "quarry lake"}
	friends := []string{"my cousin Declan", "my neighbour Priya", "my colleague Tomasz", "my aunt Brigid", "my friend Oluwaseun",
		"my nephew Ciaran", "my old classmate Ingrid", "my brother Fintan", "my running buddy Sade", "my landlord Horace", "my niece Ailbhe"}
	return fmt.Sprintf("On %s I %s at the %s with %s, turn %d of the week's notes.", days[i%len(days)], acts[i%len(acts)],
		places[i%len(places)], friends[i%len(friends)], i)
}

// TestLossless3LongConversation: a long conversation (about three hundred
// turns over MCP add_memories and REST from-conversation, both speakers,
// bursts of several turns a request, a change of fact weeks after it was
// said). Every user turn is found by its own words; the current value of
// each changed fact comes first by default and the old one only with
// history; all of it survives a restart; a second user sees none of it.
func TestLossless3LongConversation(t *testing.T) {
	const secret = "lossless3-secret-0123456789abcdef0123456789"
	dir := t.TempDir()
	env := map[string]string{"MEMSVC_AUTH_SECRET": secret}
	var alice, bob string
	var userTurns []string
	var stored int
	t.Run("write", func(t *testing.T) {
		s := startServerOn(t, dir, env)
		alice, bob = mintKey(t, secret, dir, "alice"), mintKey(t, secret, dir, "bob")
		c := s.api(alice)
		sess := connectMCP(t, s.client, s.base, "chat-app", alice)
		userTurns = writeLongChat(t, c, sess)
		stored = len(listAll(t, c))
		wantLongChatRead(t, c, userTurns)
	})
	t.Run("after restart", func(t *testing.T) {
		s := startServerOn(t, dir, env)
		c := s.api(alice)
		if n := len(listAll(t, c)); n != stored {
			t.Errorf("after a restart %d memories are listed, %d were stored", n, stored)
		}
		wantLongChatRead(t, c, userTurns)
		other := s.api(bob)
		if all := listAll(t, other); len(all) != 0 {
			t.Errorf("the second user lists %d memories of the first", len(all))
		}
		for _, q := range []string{longChatTurn(3), "where does Maeve live", "Toyota Kia"} {
			r, err := other.Search(t.Context(), client.SearchRequest{Query: q, IncludeSuperseded: true})
			if err != nil || len(r.Results) != 0 {
				t.Errorf("the second user's search %q: %+v, %v", q, r, err)
			}
		}
	})
}

// writeLongChat writes the long chat and returns the user turns it said.
// REST turns are dated from twelve weeks ago on, MCP turns are said now;
// each change comes in the last quarter of its channel's turns.
func writeLongChat(t *testing.T, c *client.Client, sess *sdk.ClientSession) []string {
	t.Helper()
	var said []string
	start := time.Now().UTC().Add(-12 * 7 * 24 * time.Hour).Truncate(time.Second)
	at := func(i int) string { return start.Add(time.Duration(i) * 6 * time.Hour).Format(time.RFC3339) }
	n := 0
	rest := func(burst []client.Message) {
		if _, err := c.FromConversation(t.Context(), client.ConversationRequest{SessionID: "long", Messages: burst}); err != nil {
			t.Fatalf("REST burst %+v: %v", burst, err)
		}
	}
	userMsg := func(text string) client.Message {
		n++
		said = append(said, text)
		return client.Message{Role: "user", Name: "Maeve", Content: text, ID: fmt.Sprintf("u%d", n), CreatedAt: at(n)}
	}
	reply := func(text string) client.Message {
		n++
		return client.Message{Role: "assistant", Content: text, ID: fmt.Sprintf("a%d", n), CreatedAt: at(n)}
	}
	for _, ch := range longChatChanges {
		if !ch.overMCP {
			rest([]client.Message{userMsg(ch.before), reply("Good to know.")})
		}
	}
	// REST: bursts of three user turns and a reply
	for i := 0; i < 150; i += 3 {
		rest([]client.Message{userMsg(longChatTurn(i)), userMsg(longChatTurn(i + 1)), userMsg(longChatTurn(i + 2)),
			reply(fmt.Sprintf("That sounds like a full week, note %d.", i))})
	}
	for _, ch := range longChatChanges {
		if !ch.overMCP {
			rest([]client.Message{userMsg(ch.after), reply("Thanks for the update.")})
		}
	}
	// MCP: one turn a call, user and assistant
	mcp := func(role, text string) {
		if err := mcpTurn(t.Context(), sess, "long-mcp", role, text); err != nil {
			t.Fatal(err)
		}
		if role == "user" {
			said = append(said, text)
		}
	}
	for _, ch := range longChatChanges {
		if ch.overMCP {
			mcp("user", ch.before)
		}
	}
	for i := 150; i < 260; i++ {
		mcp("user", longChatTurn(i))
		if i%5 == 0 {
			mcp("assistant", fmt.Sprintf("Noted, entry %d is in.", i))
		}
	}
	for _, ch := range longChatChanges {
		if ch.overMCP {
			mcp("user", ch.after)
		}
	}
	return said
}

// wantLongChatRead checks the long chat as read back: each user turn found
// by its own words (with history), each changed fact's new value first by
// default with the old one hidden, and the old one found with history.
func wantLongChatRead(t *testing.T, c *client.Client, said []string) {
	t.Helper()
	lost := 0
	for _, text := range said {
		if !found(t, c, strings.TrimSuffix(text, "."), true) {
			lost++
			if lost <= 5 {
				t.Errorf("user turn %q is not found by its own words", text)
			}
		}
	}
	if lost > 5 {
		t.Errorf("%d user turns of %d in all are not found by their own words", lost, len(said))
	}
	for _, ch := range longChatChanges {
		r, err := c.Search(t.Context(), client.SearchRequest{Query: ch.question, TopK: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Results) == 0 || !strings.Contains(r.Results[0].Text, ch.newWord) {
			t.Errorf("%s: first hit %v, want the new value %s", ch.question, texts(r.Results, 1), ch.newWord)
		}
		for _, m := range r.Results {
			if strings.Contains(m.Text, ch.oldWord) && !strings.Contains(m.Text, ch.newWord) {
				t.Errorf("%s: the old value is found by default: %q", ch.question, m.Text)
			}
		}
		old, err := c.Search(t.Context(), client.SearchRequest{Query: ch.question + " " + ch.oldWord, TopK: 10, IncludeSuperseded: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(old.Results, func(m client.Memory) bool { return strings.Contains(m.Text, ch.oldWord) }) {
			t.Errorf("%s: with history the old value %s is not found: %v", ch.question, ch.oldWord, texts(old.Results, 5))
		}
	}
}

// texts are the texts of the first n results.
func texts(rs []client.Memory, n int) []string {
	var out []string
	for i := 0; i < len(rs) && i < n; i++ {
		out = append(out, rs[i].Text)
	}
	return out
}
