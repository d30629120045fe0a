package write

import (
	"context"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/text"
)

// Episodes keep what was said; facts distil what it means.
//
// Every substantive turn that reaches the pipeline is stored as an episode:
// an episodic memory whose text is the turn as said, labelled with its
// speaker, and whose source kind is SourceEpisode. A fact distilled from the
// turn names its episode (Source.EpisodeID) and the episode lists its facts
// (Memory.Facts). So nothing a user says is lost when the extractor misses
// part of it, and search can still prefer the distilled fact.

// turnIDPrefix marks the message ids the pipeline lends to turns that came
// without one, so that every fact can be traced to its turn. They never
// reach storage (see linkFacts).
const turnIDPrefix = "\x00turn-"

// withTurnIDs returns the messages with an id on every turn: its own, or a
// lent one that linkFacts removes again.
func withTurnIDs(msgs []engine.Message) []engine.Message {
	out := make([]engine.Message, len(msgs))
	for i, m := range msgs {
		if m.ID == "" {
			m.ID = turnIDPrefix + strconv.Itoa(i)
		}
		out[i] = m
	}
	return out
}

// extractTurns distils req's facts and returns with them the turn each came
// from (-1: unknown). Turns without an id are lent one for the extractor, so
// every fact can be traced; the lent ids never reach the facts. before, when
// not nil, is the question the conversation's previous request ended with
// (carry.go): the extractor reads it as the turn before the first, and a
// fact that came from it alone is dropped.
func (e *Writer) extractTurns(ctx context.Context, req engine.ConversationRequest, before *engine.Message,
	slots *extract.SlotMemo) ([]extract.Fact, []int, string, error) {
	xreq := req
	xreq.Messages = withTurnIDs(withCarried(req.Messages, before))
	facts, extractor, err := e.extractFacts(ctx, xreq, slots)
	if err != nil {
		return nil, nil, "", err
	}
	lead := 0
	if before != nil {
		lead = 1
	}
	facts, turns := linkFacts(withCarried(req.Messages, before), facts, lead)
	return facts, turns, extractor, nil
}

// linkFacts returns the facts that came from a turn of the request, each
// with the index of its turn in the request (-1 when none is known), and
// strips lent ids from the facts' provenance. The first lead messages are
// context only: a fact that came from them alone is dropped, and turn
// indexes count from the first message after them.
func linkFacts(msgs []engine.Message, facts []extract.Fact, lead int) ([]extract.Fact, []int) {
	turnOf := make(map[string]int, len(msgs))
	for i, m := range withTurnIDs(msgs) {
		if _, dup := turnOf[m.ID]; !dup {
			turnOf[m.ID] = i
		}
	}
	var kept []extract.Fact
	var turns []int
	for _, f := range facts {
		turn, fromContext := -1, false
		ids := f.MessageIDs[:0:0]
		for _, id := range f.MessageIDs {
			t, ok := turnOf[id]
			switch {
			case ok && t < lead:
				fromContext = true
			case ok && turn < 0:
				turn = t - lead
			}
			if !strings.HasPrefix(id, turnIDPrefix) {
				ids = append(ids, id)
			}
		}
		if fromContext && turn < 0 {
			continue // the previous request's turn: not this request's to tell
		}
		f.MessageIDs = ids
		kept = append(kept, f)
		turns = append(turns, turn)
	}
	return kept, turns
}

// episodeText is a turn as said, labelled with its speaker ("Alice: …") so
// the speaker prior and a reader know who said it. A turn whose content is
// already labelled keeps its own label.
func episodeText(m engine.Message) string {
	content := strings.TrimSpace(m.Content)
	if text.Speaker(content) != "" {
		return content
	}
	name := strings.Join(strings.Fields(m.Name), " ")
	if name == "" {
		switch m.Role {
		case "assistant":
			name = "Assistant"
		case "system":
			name = "System"
		default:
			name = "User"
		}
	}
	return name + ": " + content
}

// episodeTurns says which turns become episodes: those a fact came from,
// and the others worth keeping as said (keptAsSaid: not greetings, thanks,
// bare questions, tool chatter, assistant filler, an assistant's echo of
// the turn it answers, or pasted code). A turn one of whose facts
// already says its words ("The website deploys from main", kept as
// written) needs no episode beside that fact.
func episodeTurns(msgs []engine.Message, facts []extract.Fact, factTurn []int) []bool {
	keep := make([]bool, len(msgs))
	verbatim := make([]bool, len(msgs))
	saysTurn := make([]func(string) bool, len(msgs)) // each turn read once, however many facts it has
	for i, t := range factTurn {
		if t >= 0 {
			keep[t] = true
			if saysTurn[t] == nil {
				saysTurn[t] = ingest.SaysTheSameAs(msgs[t].Content)
			}
			verbatim[t] = verbatim[t] || saysTurn[t](facts[i].Text)
		}
	}
	for i := range msgs {
		keep[i] = (keep[i] || keptAsSaid(msgs, i)) && !verbatim[i]
	}
	return keep
}

// keptAsSaid reports whether turn i, which no fact came from, is worth an
// episode: a substantive turn, unless the assistant's echo of the turn it
// answers; or the agent's reply that reports a change its request did not
// spell out, naming the file and the value (ingest.ReportsChange). The
// extractor reads prose: "ci/build.yml has `timeout: 45m` now" read as a
// line introducing code, and a reply that said what was changed, with the
// value, was lost.
func keptAsSaid(msgs []engine.Message, i int) bool {
	m := msgs[i]
	var asked string
	if i > 0 {
		asked = msgs[i-1].Content
	}
	if isAgent(m) && ingest.ReportsChange(m.Content, asked) {
		return true
	}
	return extract.Substantive(extract.Message{Role: m.Role, Name: m.Name, Content: m.Content}) &&
		!(m.Role == "assistant" && i > 0 && ingest.Echoes(m.Content, asked))
}

// isAgent reports a turn of the agent: an assistant turn with no name of
// its own. A named speaker is a person of a chat, whose turns are kept by
// what they say (ingest.AssistantSaid).
func isAgent(m engine.Message) bool {
	return m.Role == "assistant" && strings.TrimSpace(m.Name) == ""
}

// answers returns, per turn kept as an episode, the question it answers
// (nil: none): the turn before it, not kept, said by someone else, with
// its content cut to what it asks (extract.Question). A bare question is no episode
// of its own, yet the answer alone ("I've had them for three years") does
// not say what it is about; kept with its question, nothing the asker said
// that mattered is lost and the answer is found by what was asked.
func answers(msgs []engine.Message, keep []bool, before *engine.Message) []*engine.Message {
	if keep == nil {
		return nil // no episodes: a note stored as written
	}
	out := make([]*engine.Message, len(msgs))
	if len(msgs) > 0 && keep[0] && before != nil && !sameSpeaker(*before, msgs[0]) {
		out[0] = before // carried from the previous request, already cut to its question (carry.go)
	}
	for i := range msgs {
		if i == 0 || !keep[i] || keep[i-1] || sameSpeaker(msgs[i-1], msgs[i]) {
			continue
		}
		q := msgs[i-1]
		if q.Content = extract.Question(extract.Message{Role: q.Role, Name: q.Name, Content: q.Content}); q.Content != "" {
			out[i] = &q
		}
	}
	return out
}

func sameSpeaker(a, b engine.Message) bool {
	return a.Role == b.Role && strings.EqualFold(strings.TrimSpace(a.Name), strings.TrimSpace(b.Name))
}

// episodeOf is turn i as its episode keeps it: the turn as said, and the
// question it answers (asked[i], see answers) after it, labelled with its
// asker. The episode's message ids are both turns'.
func episodeOf(msgs []engine.Message, asked []*engine.Message, i int) (string, []string) {
	m := msgs[i]
	said, ids := episodeText(m), nonEmpty(m.ID)
	if asked != nil && asked[i] != nil {
		said += engine.ReplyMarker + episodeText(*asked[i]) + ")"
		ids = append(ids, nonEmpty(asked[i].ID)...)
	}
	return said, ids
}

func nonEmpty(id string) []string {
	if id == "" {
		return nil
	}
	return []string{id}
}

// episodeRequest is how turn i is stored as an episode (episodeOf).
func episodeRequest(req engine.ConversationRequest, asked []*engine.Message, i int, now time.Time) engine.AddRequest {
	ts := saidTime(req.Messages[i].CreatedAt, now) // a turn stamped ahead was said no later than now
	said, ids := episodeOf(req.Messages, asked, i)
	src := &engine.Source{Kind: engine.SourceEpisode, MessageIDs: ids}
	return engine.AddRequest{Text: said, AppName: req.AppName, MemoryType: engine.TypeEpisodic, Metadata: req.Metadata,
		Tags: req.Tags, Project: req.Project, SessionID: req.SessionID, Timestamp: ts, Source: src}
}

// storedEpisode returns a stored episode that already says what ep says, or
// nil. It looks at the few episodes closest by BM25; reads are the
// request's readings, or nil (read afresh). An answer that opens its
// request (opens) and was stored with its question is the same turn
// without it (sameAnswer).
func (e *Writer) storedEpisode(tx engine.Tx, shard *index.Shard, ep string, opens bool, reads *ingest.Readings) (*engine.Memory, error) {
	terms := text.Unique(text.Analyze(ep))
	if len(terms) == 0 {
		return nil, nil
	}
	isEpisode := func(r *index.Row) bool { return r.Episode }
	for _, h := range shard.TextSearch(terms, nil, e.cfg.BM25K1, e.cfg.BM25B, isEpisode, 3) {
		m, err := tx.GetMemory(h.ID)
		if err != nil {
			return nil, err
		}
		if reads.SameEpisode(m.Text, ep) || opens && sameAnswer(m.Text, ep, reads) {
			return m, nil
		}
	}
	return nil, nil
}

// sameAnswer reports whether a and b are one answer, kept with its question
// on one side only: a turn sent again one call at a time, whose question
// the first call already read (so only for a turn that opens its request,
// storedEpisode's opens). Two answers each kept with its question, or one
// after a question of its own request, are different turns even in the
// same words ("Lisbon, without a doubt." to where one grew up, and to where
// one would retire).
func sameAnswer(a, b string, reads *ingest.Readings) bool {
	qa, qb := engine.WithoutQuestion(a), engine.WithoutQuestion(b)
	return (qa != a) != (qb != b) && reads.SameEpisode(qa, qb)
}

// isReplay reports whether the turn r (message m) is the stored episode ep
// sent again (a client's retry, a re-import of the same chat) rather than
// the same words said anew: it carries one of ep's message ids, or was said
// at the same instant (an undated turn: undatedReplay, confirmUndated). A
// replay tells nothing new, so its facts must not reopen what a later turn
// superseded; words said anew may (moving back to a city).
func isReplay(ep *engine.Memory, r engine.AddRequest, m engine.Message) bool {
	if ep.Source != nil && r.Source != nil && sameTurn(ep, ep.ValidFrom, r.SessionID, r.Project, m) {
		for _, id := range r.Source.MessageIDs {
			if slices.Contains(ep.Source.MessageIDs, id) {
				return true
			}
		}
	}
	return !r.Timestamp.IsZero() && r.Timestamp.Equal(ep.ValidFrom)
}

// undatedReplay reports a turn with neither id nor time that repeats, word
// for word, an episode of the same conversation (session): a client that
// lost its state (an automation's memory node after a restart) sends the
// chat's history again that way, exchange by exchange, so no later turn of
// the same request shows it is history (replayedHistory). Taken as said
// anew, each old value would reopen and be closed again one request later.
// Words said anew in the same conversation to undo a change read as a
// change ("I moved back to …"), not as the old turn repeated verbatim. A
// note (a single text, not a conversation) restating an old value is said
// anew: notes are not resent as history. A conversation with no session
// repeats episodes stored with none (a client that names no chat resends
// its history the same way). Such a turn is only a candidate:
// confirmUndated decides.
func undatedReplay(ep *engine.Memory, r engine.AddRequest, m engine.Message) bool {
	return m.ID == "" && m.CreatedAt.IsZero() && engine.SameName(ep.SessionID, r.SessionID)
}

// replayWindow is how soon after an episode was said an undated repeat of
// it is taken for a resend without further evidence, when implicit
// conversations are off (else the conversation gap).
const replayWindow = time.Hour

// recentReplay is how recent a stored episode an undated repeat of it may
// replay on its own (confirmUndated).
func (e *Writer) recentReplay() time.Duration {
	if e.cfg.ConversationGap > 0 {
		return e.cfg.ConversationGap
	}
	return replayWindow
}

// confirmUndated adds to replays the undated repeats (undatedReplay) that
// show they are history resent: the episode repeated still holds (nothing
// to reopen), or was said within recent of now (a client resending after a
// restart), or the request repeats several stored turns of its session in
// the order they were stored. A chat id can live for months, so a lone
// repeat of a superseded episode, long after, is the old words said anew
// ("I work at Acme Corp." again): its facts are decided as any turn's.
// Without a session (sessionless) nothing ties a lone repeat to the
// conversation it repeats, so only the request's several repeats in order
// show a resend.
func confirmUndated(undated, replays map[int]*engine.Memory, now time.Time, recent time.Duration, sessionless bool) {
	turns := slices.Sorted(maps.Keys(undated))
	inOrder := len(turns) >= 2 && slices.IsSortedFunc(turns, func(a, b int) int {
		return undated[a].ValidFrom.Compare(undated[b].ValidFrom)
	})
	for _, i := range turns {
		ep := undated[i]
		if inOrder || !sessionless && (ep.State == engine.StateActive || now.Sub(ep.ValidFrom) <= recent) {
			replays[i] = ep
		}
	}
}

// replayedHistory adds to replays each turn that repeats a retired episode
// (stored[i]) when a later turn of the same request repeats the episode
// whose fact retired it: the request tells again both the old value and
// what replaced it, in that order, so it is history sent again (a retry
// without message ids or times), not the old value said anew. laterSays
// looks past this transaction's turns (a request written in parts).
func replayedHistory(tx engine.Tx, ids []string, stored, replays map[int]*engine.Memory, laterSays func(string) (bool, error)) error {
	for i, ep := range stored {
		if replays[i] != nil || ep.State != engine.StateSuperseded || ep.SupersededBy == nil {
			continue
		}
		by, err := tx.GetMemory(*ep.SupersededBy)
		if engine.ErrorCode(err) == engine.ENotFound {
			continue
		}
		if err != nil {
			return err
		}
		if by.Source == nil || by.Source.EpisodeID == "" {
			continue
		}
		later := slices.Contains(ids[i+1:], by.Source.EpisodeID)
		if !later {
			if later, err = laterSays(by.Source.EpisodeID); err != nil {
				return err
			}
		}
		if later {
			replays[i] = ep
		}
	}
	return nil
}

// replayedFact returns the id of the fact of the replayed episode ep (nil:
// not a replay) that already says fact, in whatever state, or "". The
// replay's fact is that one again, not news to decide against the facts
// that replaced it. A fact that says it with another written date is that
// one too (datesAside).
func replayedFact(tx engine.Tx, memo *factMemo, ep *engine.Memory, fact string) (string, error) {
	if ep == nil {
		return "", nil
	}
	want := strings.TrimSuffix(strings.TrimSpace(fact), ".")
	var redated string
	for _, id := range ep.Facts {
		t, err := memo.storedText(tx, id)
		if engine.ErrorCode(err) == engine.ENotFound {
			continue // deleted since: the replay may store it again
		}
		if err != nil {
			return "", err
		}
		t = strings.TrimSuffix(strings.TrimSpace(t), ".")
		if strings.EqualFold(t, want) {
			return id, nil
		}
		if redated == "" && strings.EqualFold(datesAside(t), datesAside(want)) {
			redated = id
		}
	}
	return redated, nil
}

// writtenDateRe finds a date a fact writes out ("since 2026-05-04", "in
// March 2026").
var writtenDateRe = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b|(?i)\b(?:january|february|march|april|may|june|july|august|september|october|november|december) \d{4}\b`)

// datesAside is a fact's text with its written dates replaced by one
// mark. The extractor writes a turn's "yesterday" or "last month" as the
// date it was when the turn was said, and an undated turn sent again is
// read as said at the resend: the replayed turn's fact then differs from
// the stored one only in that date (the turn's words are the same,
// storedEpisode), and it is the same fact.
func datesAside(s string) string { return writtenDateRe.ReplaceAllString(s, "\x00date") }

// resentFact returns the id of a stored fact that already says fact and
// stands for turn m sent again, or "": a turn one of whose facts says its
// words keeps no episode (episodeTurns), so replayedFact cannot see it
// resent. It is that fact again when it carries the turn's message id and
// is the same turn (sameTurn).
// Decided anew, a resent old value would come back as current.
func resentFact(tx engine.Tx, shard *index.Shard, k1, b float64, fact string, req engine.ConversationRequest, m engine.Message) (string, error) {
	terms := text.Unique(text.Analyze(fact))
	if len(terms) == 0 || shard == nil || m.ID == "" {
		return "", nil
	}
	want := strings.TrimSuffix(strings.TrimSpace(fact), ".")
	isFact := func(r *index.Row) bool { return !r.Episode }
	for _, h := range shard.TextSearch(terms, nil, k1, b, isFact, 3) {
		old, err := tx.GetMemory(h.ID)
		if engine.ErrorCode(err) == engine.ENotFound {
			continue
		}
		if err != nil {
			return "", err
		}
		if old.Source == nil || !strings.EqualFold(strings.TrimSuffix(strings.TrimSpace(old.Text), "."), want) {
			continue
		}
		said := old.ValidFrom
		if old.Source.SaidAt != nil {
			said = *old.Source.SaidAt
		}
		if slices.Contains(old.Source.MessageIDs, m.ID) && sameTurn(old, said, req.SessionID, req.Project, m) {
			return old.ID, nil
		}
	}
	return "", nil
}

// sameTurn reports whether message m, sent under session and project, can
// be the turn stored as memory old (said at said) sent again: same project,
// and said at the same instant, or undated in the same conversation.
// Clients that number ids per conversation ("1", "2", …) reuse them, so an
// id alone names a turn only within its conversation and instant; a
// session resumed under a new id (the coding agent's) resends its turns
// with their ids and times.
func sameTurn(old *engine.Memory, said time.Time, session, project string, m engine.Message) bool {
	if !engine.SameName(old.Project, project) {
		return false
	}
	if m.CreatedAt.IsZero() {
		return engine.SameName(old.SessionID, session)
	}
	return m.CreatedAt.Equal(said)
}

// retireEpisode hides the episode that stated a fact now superseded by m:
// it is kept, reachable by id and with include_superseded, and points at
// the fact that replaced what it said. The other facts of that episode are
// not touched. An episode already retired stays as it is.
func retireEpisode(ep, m *engine.Memory, now time.Time) {
	if ep.State == engine.StateActive {
		closeWindow(ep, m, now) // m does not list the episode in its supersedes: it replaced a fact
	}
}

// echoWindow is how soon after the user's turn an assistant's reply may be
// the acknowledgement of what the turn said.
const echoWindow = 10 * time.Minute

// retireEchoes hides the assistant's short replies that repeat the value old
// stated, said in ep's session just after ep: "Thanks, I'll hit
// localhost:8080" after "the api server runs on port 8080". Kept active, the
// reply would bring the stale value back after old was superseded by m. Only
// a value with a digit (a port, a version, an amount) is looked for: a word
// could be repeated for another reason, and a long reply says more than the
// acknowledgement.
func (e *Writer) retireEchoes(tx engine.Tx, p *plan, shard *index.Shard, ep, old, m *engine.Memory, now time.Time) error {
	stale := ingest.StaleValues(old.Text, m.Text)
	if len(stale) == 0 || shard == nil {
		return nil
	}
	isEpisode := func(r *index.Row) bool { return r.Episode }
	for _, h := range shard.TextSearch(stale, nil, e.cfg.BM25K1, e.cfg.BM25B, isEpisode, 5) {
		reply, err := e.plannedIfAny(tx, p, h.ID)
		if err != nil {
			return err
		}
		if reply == nil {
			continue
		}
		after := reply.ValidFrom.Sub(ep.ValidFrom)
		if reply.ID == ep.ID || reply.State != engine.StateActive || reply.SessionID != ep.SessionID ||
			after < 0 || after > echoWindow || !ingest.Acknowledges(reply.Text, stale) {
			continue
		}
		retireEpisode(reply, m, now)
		p.Put(reply, nil)
	}
	return nil
}
