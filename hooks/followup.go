package hooks

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A prompt in a running session often continues the one before it: "now
// the same for UPS", "same for credit_notes", "build it", "what about
// staging?". Alone it says too little to search with ("same for
// credit_notes" found nothing about how money columns are stored), so the
// prompt hook also searches with the session's previous prompt and this one
// together. The previous prompt is read from the end of the session's
// transcript, which Claude Code names in the event; without one (a new
// session, or the file not written yet) the prompt is searched alone.

// followUpTail is how much of the transcript's end is read for the
// previous prompt: a session's file grows to many megabytes of tool
// output, and the prompt waits for the hook.
const followUpTail = 256 << 10

// maxFollowUpWords is the most words that say something (meaningWords) a
// prompt may have to be read as a follow-up without a lead such as "the
// same for".
const maxFollowUpWords = 3

// followUpLead starts a prompt that points back at the one before:
// "now do the same for …", "and what about …", "same again in …".
var followUpLead = lazyre.New(`(?i)^(?:(?:ok(?:ay)?|and|now|also|then|great|thanks)[,.!]?\s+)*(?:do\s+)?(?:the\s+)?(?:same|likewise|what about|how about|and for|now for)\b`)

// nextStep says a longer prompt is the next step of the same work: "now
// make sure old clients won't break", "then wire it into the CLI", "add a
// test for the empty case too". Its own words name the step, not what it
// is done to (the file, the message, the format the previous turn
// touched), and searched alone they found nothing (the sixteenth
// coding-sessions evaluation, cmd/memsvc).
var nextStep = lazyre.New(`(?i)^(?:(?:ok(?:ay)?|great|thanks|good)[,.!]?\s+)*(?:and\s+)?(?:now|next|then)\b[,\s]|` +
	`\s(?:too|as well)\s*[.!?]*\s*$`)

// followUp reports whether the prompt's query reads as continuing the
// previous prompt: a lead that points back or says what comes next, or a
// few words that say something. One with none ("thanks", "ok") asks for
// nothing to recall.
func followUp(query string) bool {
	n := meaningWords(query)
	return n > 0 && (n <= maxFollowUpWords || followUpLead.MatchString(query) || nextStep.MatchString(query))
}

// followUpSearch returns the search of a follow-up prompt (whose own query
// is query) joined with the session's previous turn, and whether there is
// one. Its best hits count, as a clause's: the previous prompt's own
// memories were shown on its turn.
func followUpSearch(ctx context.Context, transcriptPath, prompt, query string) (search, bool) {
	if !followUp(query) || changesTopic(prompt) {
		return search{}, false
	}
	prev := previousTurn(ctx, transcriptPath, prompt)
	pq, _, _ := promptQuery(prev.prompt)
	// The agent's reply names what the previous turn touched (the file, the
	// module, the function) where the prompt only said what was wanted:
	// "same for the cache subnet group" after "add private subnets" is
	// about the VPC module the reply names.
	reply := truncateWords(oneLine(prev.reply), maxFollowUpReplyChars)
	if pq == "" && reply == "" {
		return search{}, false
	}
	// The turn before is capped so the prompt's own words fit after it: a
	// compaction summary runs to many kilobytes, and the joined query cut
	// to its length would hold none of them. The prompt stays last: put
	// first, the same words ranked an older, stale memory above the floor
	// (the twelfth coding-sessions evaluation, cmd/memsvc).
	pq = truncateWords(pq, maxFollowUpPromptChars)
	return search{query: pq + " " + reply + " " + truncateWords(query, maxQueryChars-utf8.RuneCountInString(pq+reply)-2), keep: maxFollowUpHits}, true
}

// maxFollowUpPromptChars is how much of the previous prompt (or compaction
// summary) joins a follow-up's search: enough to say what was worked on.
const maxFollowUpPromptChars = 600

// maxFollowUpHits is how many hits of a follow-up's joined search count.
const maxFollowUpHits = 2

// maxFollowUpReplyChars is how much of the previous turn's reply joins a
// follow-up's search: its opening says what was done; the rest, test
// counts and caveats, would only dilute the query.
const maxFollowUpReplyChars = 400

// prevTurn is the session's previous turn: the user's prompt and the text
// of the agent's reply to it.
type prevTurn struct{ prompt, reply string }

// previousTurn returns the user's last prompt in the transcript at path
// that is not prompt itself (Claude Code may have written the prompt being
// submitted already), with the agent's last text after it; none when
// there is none or the file cannot be read. A compaction summary stands
// for the prompt when none came after it: the session goes on with the
// work it summarizes.
func previousTurn(ctx context.Context, path, prompt string) prevTurn {
	if path == "" {
		return prevTurn{}
	}
	f, err := os.Open(path)
	if err != nil {
		return prevTurn{}
	}
	defer f.Close()
	br, err := tail(f, followUpTail)
	if err != nil {
		return prevTurn{}
	}
	prompt = strings.TrimSpace(prompt)
	var last prevTurn
	for ctx.Err() == nil {
		line, err := br.ReadBytes('\n')
		var e transcriptEntry
		if len(line) > 0 && json.Unmarshal(line, &e) == nil {
			last = last.after(e, prompt)
		}
		if err != nil {
			break
		}
	}
	return last
}

// after is the previous turn once entry e is read: a new prompt (or a
// compaction summary) starts one, and the agent's text replaces its reply.
func (p prevTurn) after(e transcriptEntry, prompt string) prevTurn {
	switch {
	case e.Type == "user" && !e.IsSidechain:
		if summary, ok := compactionSummary(e); ok {
			return prevTurn{prompt: summaryTask(summary)}
		}
		if notTurn(e) {
			return p
		}
		if text, ok := userText(e.Message.Content); ok && text != "" && text != prompt {
			return prevTurn{prompt: text}
		}
	case e.Type == "assistant" && !notTurn(e):
		for _, b := range assistantBlocks(e.Message.Content) {
			if b.Type == "text" {
				p.reply = b.Text
			}
		}
	}
	return p
}

// compactionSummary returns the text of a compaction summary entry (the
// isCompactSummary flag, or the lead versions before it wrote).
func compactionSummary(e transcriptEntry) (string, bool) {
	s, _ := rawUserText(e.Message.Content)
	s = strings.TrimSpace(s)
	if !e.IsCompactSummary && !strings.HasPrefix(s, compactionLead) {
		return "", false
	}
	return s, s != ""
}

// summaryTaskHead starts the part of a compaction summary that says what
// was being worked on last: its pending tasks, current work or next step.
var summaryTaskHead = lazyre.New(`(?im)^\s*(?:\d+\.\s*)?(?:(?:pending|remaining|open) tasks?|current work|(?:optional )?next steps?)\s*:`)

// summaryLead is the sentence every compaction summary opens with, which
// says nothing of the work.
var summaryLead = lazyre.New(`^\s*` + regexp.QuoteMeta(compactionLead) + `[^.\n]*\.(?:\s*The conversation is summari[sz]ed below:)?`)

// summaryTask returns what a compaction summary says the session was on.
// A short one is kept whole; of a long one (its analysis and sections run
// to many kilobytes, the work of hours) the part from its first heading of
// pending or current work on, or else its end: what the session was doing
// when it was compacted is what the prompt after it continues.
func summaryTask(summary string) string {
	summary = strings.TrimSpace(summaryLead.ReplaceAllString(summary, ""))
	if len([]rune(summary)) <= maxFollowUpPromptChars {
		return summary
	}
	if loc := summaryTaskHead.FindStringIndex(summary); loc != nil {
		return strings.TrimSpace(summary[loc[0]:])
	}
	r := []rune(summary)
	return strings.TrimSpace(string(r[len(r)-maxFollowUpPromptChars:]))
}

// tail returns a reader of f's last n bytes, from the first line that
// starts within them.
func tail(f *os.File, n int64) (*bufio.Reader, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(f, 64<<10)
	if info.Size() <= n {
		return br, nil
	}
	if _, err := f.Seek(info.Size()-n, io.SeekStart); err != nil {
		return nil, err
	}
	br.Reset(f)
	if _, err := br.ReadBytes('\n'); err != nil && !errors.Is(err, io.EOF) {
		return nil, err // the first line is cut: skipped
	}
	return br, nil
}

// topicChange opens a prompt that says it leaves the work of the turn
// before: "now something unrelated: …", "different question - …", "now
// switching gears, …", "unrelated, but …". Read as the next step ("now …"),
// it was searched with the previous turn, whose memories then answered a
// question about something else.
var topicChange = lazyre.New(`(?i)^(?:(?:ok(?:ay)?|so|and|now|right|also|btw|quick)[,.!:\s-]+)*` +
	`(?:(?:something|one|a|an)\s+)?(?:(?:totally|completely|entirely|quite)\s+)?` +
	`(?:unrelated|different|separate|other|new|side|random|off[- ]topic)\b(?:\s+(?:question|topic|thing|subject|note|task|one))?` +
	`(?:\s*[,.:;!?-]|\s+(?:but|question|topic|though)\b)|` +
	`^(?:(?:ok(?:ay)?|so|and|now|right|also)[,.!:\s-]+)+(?:on\s+to|onto|switching\s+(?:gears|topics?)|moving\s+on|changing\s+(?:the\s+)?(?:topic|subject))\b|` +
	`^(?:(?:ok(?:ay)?|so|and|now|right|also)[,.!:\s-]+)*something\s+(?:else|different|unrelated)\b`)

// changesTopic reports whether the prompt says it leaves the previous
// turn's work (topicChange).
func changesTopic(prompt string) bool { return topicChange.MatchString(strings.TrimSpace(prompt)) }
