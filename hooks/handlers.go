package hooks

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Hook event names as Claude Code spells them, for hookEventName in the
// output JSON (the stop hook prints nothing).
const (
	eventNamePrompt       = "UserPromptSubmit"
	eventNameSessionStart = "SessionStart"
)

// Outcomes recorded in the log file.
const (
	outcomeInjected = "injected" // context printed for Claude
	outcomeCaptured = "captured" // exchange sent to from-conversation
	outcomeSkipped  = "skipped"  // nothing to do (see reason)
	outcomeDisabled = "disabled" // MEMSVC_HOOKS_DISABLE
	outcomeError    = "error"    // failed open
)

// result is what a handler did: its stdout payload (only printed on
// success) and what to log.
type result struct {
	output  []byte
	outcome string
	reason  string
	hits    int
	err     error // why the hook failed open
	warn    error // a side problem that did not stop the hook
}

func failed(err error) result      { return result{outcome: outcomeError, err: err} }
func skipped(reason string) result { return result{outcome: outcomeSkipped, reason: reason} }

// withContext is the result of a hook that adds text as context.
func withContext(name, text string, n int) result {
	out, err := contextOutput(name, text)
	if err != nil {
		return failed(err)
	}
	return result{output: out, outcome: outcomeInjected, hits: n}
}

// handlePrompt recalls memories relevant to the submitted prompt.
func handlePrompt(ctx context.Context, cfg Config, c *client, in eventInput) result {
	// Stashed before the length check: the stop hook needs every prompt.
	warn := saveStash(cfg.StateDir, in, cfg.Now())
	res := recall(ctx, cfg, c, in)
	res.warn = errors.Join(warn, res.warn)
	return res
}

// recall searches memories for what the prompt is about (query.go) and
// renders them as context.
func recall(ctx context.Context, cfg Config, c *client, in eventInput) result {
	qs := promptSearches(ctx, cfg, in)
	if len(qs) == 0 {
		return skipped("short_prompt")
	}
	answers, latest, latestErr := searchAll(ctx, cfg, c, projectFor(cfg, in.Cwd), qs)
	hits, sk, err := chosenHits(cfg, qs, answers, latest)
	if err != nil {
		return failed(err)
	}
	pool := slices.Concat(append([][]memory{latest}, hitsOf(answers)...)...)
	hits = withNamedMemories(cfg, in.Prompt, pool, hits)
	hits = withAnswers(hits, withoutRetired(pool, retirementsOf(pool)), cfg.RecallTopK) // answer.go
	text, n := recallContext(hits[:min(len(hits), cfg.RecallTopK)], sk, cfg.MaxContextChars)
	res := skipped("no_hits")
	if text != "" {
		res = withContext(eventNamePrompt, text, n)
	}
	res.warn = latestErr
	return res
}

// withNamedMemories adds to the hits what the prompt asks for by name, from
// what the hook has of the project (its latest memories and the hits), less
// the retired: the package manager of a dependency request (dependency.go),
// the command of a task the prompt asks to run (taskcommand.go), the checks
// to pass when it asks whether work is ready (readiness.go), the time of
// what it asks when runs (schedule.go), the project's minimum version when
// it asks what may be used (minversion.go), the language version it
// targets when it asks which one (targetversion.go), how errors are made
// when it asks for a way to fail (errorstyle.go), where secrets go when it
// asks to place one (secretplace.go), how the user wants an action taken
// when it asks the agent to take it (agentaction.go) and the memories naming
// the prompt's code names and flags (named.go) or the keys a question
// spells out in full words (spelledkey.go).
func withNamedMemories(cfg Config, prompt string, pool, hits []memory) []memory {
	pool = withoutRetired(pool, retirementsOf(pool))
	var add []memory
	if asksForDependency(prompt, pool) {
		if dep, ok := dependencyMemory(pool); ok {
			add = append(add, dep)
			add = append(add, turnSiblings(dep, pool, dependencyTools.MatchString)...)
		}
	}
	if task, ok := taskMemory(prompt, pool); ok { // taskcommand.go
		add = append(add, task)
	}
	add = append(add, readinessMemories(prompt, pool)...) // readiness.go
	if m, ok := scheduleMemory(prompt, pool); ok {        // schedule.go
		add = append(add, m)
	}
	if m, ok := minVersionMemory(prompt, pool); ok { // minversion.go
		add = append(add, m)
	}
	if m, ok := targetVersionMemory(prompt, pool); ok { // targetversion.go
		add = append(add, m)
	}
	if m, ok := errorStyleMemory(prompt, pool); ok { // errorstyle.go
		add = append(add, m)
	}
	add = append(add, secretPlaceMemories(prompt, pool)...) // secretplace.go
	if m, ok := actionRuleMemory(prompt, pool); ok {        // agentaction.go
		add = append(add, m)
	}
	if m, ok := newKindMemory(prompt, pool, hits); ok { // newkind.go
		add = append(add, m)
	}
	names := append(promptNames(prompt), spelledKeys(prompt, pool)...) // spelledkey.go
	for _, m := range append(add, namingMemories(names, pool)...) {
		hits = withMemory(hits, m, cfg.RecallTopK)
	}
	return hits
}

// promptSearches are the searches a prompt asks for: its own queries
// (query.go), unless too short to search with alone ("fix it") and no
// task to run ("build it": taskcommand.go) nor a question of who someone
// is ("whos dana": whoasks.go) nor a question of one word ("clippy?":
// asksAbout), and the follow-up of the session's
// previous prompt (followup.go). An action asked of the agent ("push it":
// agentaction.go) is searched however short.
func promptSearches(ctx context.Context, cfg Config, in eventInput) []search {
	prompt := printable(in.Prompt)
	qs := queries(prompt)
	own := ""
	if len(qs) > 0 {
		own = qs[0].query
	}
	if _, _, task := askedTask(prompt); utf8.RuneCountInString(own) < cfg.MinPromptChars && !task && !asksWho(prompt) &&
		len(askedActions(prompt)) == 0 && !asksAbout(prompt) {
		qs = nil // a task's name is enough ("build it": taskcommand.go)
	}
	if f, ok := followUpSearch(ctx, in.TranscriptPath, prompt, own); ok {
		qs = append(qs, f)
	}
	return qs
}

// searchAnswer is what one of a prompt's searches found.
type searchAnswer struct {
	hits []memory
	sk   *skill
	err  error
}

// searchAll runs a prompt's searches at once (each is a round trip, two
// when the project's share runs short, and the user waits for all of
// them) and, alongside, lists the project's latest memories for the
// retirements they record (retire.go): the turn that changed a convention
// is often not among the hits of a prompt about the old one.
func searchAll(ctx context.Context, cfg Config, c *client, project string, qs []search) ([]searchAnswer, []memory, error) {
	answers := make([]searchAnswer, len(qs))
	var latest []memory
	var latestErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		latest, latestErr = c.list(ctx, listFilter{Size: maxListSize, Project: project})
	}()
	for i, q := range qs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := &answers[i]
			a.hits, a.err = scopedFetch(ctx, project, cfg.RecallTopK,
				func(ctx context.Context, project string, size int) ([]memory, error) {
					req := searchRequest{Query: q.query, Mode: "hybrid", AppName: cfg.ClientName,
						Project: project, TopK: size}
					if cfg.RecallRerank {
						req.Rerank = "cross_encoder"
					}
					resp, err := c.search(ctx, req)
					a.sk = cmp.Or(a.sk, resp.PrimarySkill)
					return resp.Results, err
				})
		}()
	}
	wg.Wait()
	return answers, latest, latestErr
}

// chosenHits merges the searches' hits (each kept to what its query names
// and its best), leaves out those a later turn retired (the retiring
// turn's memory standing in for them) and those under the relevance floor,
// and returns the first skill any search found.
func chosenHits(cfg Config, qs []search, answers []searchAnswer, latest []memory) ([]memory, *skill, error) {
	var sk *skill
	all := [][]memory{latest} // none when the list failed: recall goes on without them
	for _, a := range answers {
		if a.err != nil {
			return nil, nil, a.err
		}
		sk = cmp.Or(sk, a.sk)
		all = append(all, a.hits)
	}
	// Retired memories go before each search keeps its best: a search that
	// keeps one hit kept a retired memory, which then left it with none.
	retired := retirementsOf(all...)
	var found []memory
	for i, a := range answers {
		kept := withStandIns(a.hits, withoutRetired(a.hits, retired), latest, retired) // standin.go
		named := slices.DeleteFunc(slices.Clone(kept), func(m memory) bool { return !qs[i].named(m) })
		found = mergeHits(found, best(named, qs[i].keep))
	}
	hits := found[:0]
	for _, m := range found {
		// The server's relevance floor decides first: a prompt about
		// nothing stored gets nothing injected.
		if m.Score >= cfg.RecallMinScore && (m.Relevant == nil || *m.Relevant) {
			hits = append(hits, m)
		}
	}
	return hits, sk, nil
}

// best returns the keep best-scored hits the server judged relevant (all
// hits when keep is 0).
func best(ms []memory, keep int) []memory {
	if keep == 0 {
		return ms
	}
	out := slices.DeleteFunc(slices.Clone(ms), func(m memory) bool { return m.Relevant != nil && !*m.Relevant })
	slices.SortStableFunc(out, func(a, b memory) int { return cmp.Compare(b.Score, a.Score) })
	return out[:min(keep, len(out))]
}

// mergeHits adds the hits of one more query to those found so far: a
// memory found twice keeps its better-scored hit (scores are comparable
// across queries, API.md), and the result is ordered by score, best first.
func mergeHits(found, more []memory) []memory {
	if len(found) == 0 {
		return more // one query: the server's order stands
	}
	for _, m := range more {
		i := slices.IndexFunc(found, func(f memory) bool { return f.ID == m.ID })
		switch {
		case i < 0:
			found = append(found, m)
		case betterHit(m, found[i]):
			found[i] = m
		}
	}
	slices.SortStableFunc(found, func(a, b memory) int { return cmp.Compare(b.Score, a.Score) })
	return found
}

// betterHit prefers a hit the server judged relevant, then the higher score.
func betterHit(a, b memory) bool {
	ra, rb := a.Relevant == nil || *a.Relevant, b.Relevant == nil || *b.Relevant
	if ra != rb {
		return ra
	}
	return a.Score > b.Score
}

// maxInstructions is how many standing instructions session-start asks
// for; the context budget usually shows fewer.
const maxInstructions = 20

// SessionStart's source when Claude Code has just compacted the
// conversation (the others: "startup", "resume", "clear").
const sourceCompact = "compact"

// handleSessionStart injects a notice, the user's standing instructions
// (procedural memories) and the most recent other memories, all of the
// event's project or of none.
//
// After a compaction (source "compact") the session goes on with a summary
// of itself: the standing instructions are injected again, since a summary
// keeps the gist of the talk rather than rules stated once at its start,
// but the recent memories are not. They were shown when the session
// started, what was captured since is this session's own turns, which the
// summary holds, and listing them again spent the context compaction had
// just freed on things already said.
func handleSessionStart(ctx context.Context, cfg Config, c *client, in eventInput) result {
	project := projectFor(cfg, in.Cwd)
	list := func(memoryType string) fetchFunc {
		return func(ctx context.Context, project string, size int) ([]memory, error) {
			return c.list(ctx, listFilter{Size: size, MemoryType: memoryType, Project: project})
		}
	}
	instructions, err := scopedFetch(ctx, project, maxInstructions, list(memoryTypeProcedural))
	if err != nil {
		return failed(err)
	}
	if in.Source == sourceCompact {
		instructions = withoutRetired(instructions, retirementsOf(instructions))
		text, n := sessionContext(instructions, nil, cfg.MaxContextChars)
		if n == 0 {
			return skipped("compact_no_instructions")
		}
		return withContext(eventNameSessionStart, text, n)
	}
	// Asked for with room for the instructions it will hold, which are
	// shown once, in their own section, and for the turns whose facts
	// stand for them (up to one a fact).
	recent, err := scopedFetch(ctx, project, min(maxListSize, 2*cfg.RecentSize+len(instructions)), list(""))
	if err != nil {
		return failed(err)
	}
	// The latest turns carry the retirements that matter at a start: those
	// of the changes made lately (retire.go).
	retired := retirementsOf(instructions, recent)
	instructions = withoutRetired(instructions, retired)
	recent = displayable(withoutDistilled(withoutIDs(withoutRetired(recent, retired), instructions)))
	recent = recent[:min(cfg.RecentSize, len(recent))]
	text, n := sessionContext(instructions, recent, cfg.MaxContextChars)
	return withContext(eventNameSessionStart, text, n)
}

// minExchangeChars: shorter exchanges ("thanks" / "you're welcome") hold no
// fact worth extracting, unless the reply writes a command: "lint before I
// push?" / "`make lint`, passes." is short and is the project's lint
// command (taskcommand.go).
const minExchangeChars = 80

// handleStop captures the exchange that just ended. It never prints: on
// Stop, any additionalContext would make Claude continue the turn.
func handleStop(ctx context.Context, cfg Config, c *client, in eventInput) result {
	if in.StopHookActive {
		// Claude is continuing because a Stop hook blocked; the exchange was
		// offered when the turn first stopped.
		return skipped("stop_hook_active")
	}
	ex, err := turnExchange(ctx, cfg, in)
	if err != nil {
		return failed(err)
	}
	if !ex.found {
		return skipped("no_exchange")
	}
	if ex.key() == lastCaptured(cfg.StateDir, in.SessionID) {
		// The transcript's last turn is one already captured: this Stop's
		// own turn is not written yet and no prompt was stashed for it.
		return skipped("already_captured")
	}
	ex = ex.withFinalMessage(in.LastAssistantMessage)
	// A long paste (a stack trace, a log, a file) would take the capture
	// budget from the words around it, where the user says what matters.
	// A long reply's middle is the work, step by step, which repeats what a
	// change replaced (reply.go), and so does the agent's account of what it
	// removed (removal.go).
	// An upgrade the reply says was rolled back removed nothing: what the
	// release dropped is still in the code (upgraded.go).
	reply := compactPastes(ex.Assistant)
	undone := upgradeRolledBack(ex.User, reply)
	ex.User, ex.Assistant = compactPastes(ex.User), replyGist(reply)
	if !undone {
		ex.Assistant = withoutRemovals(ex.Assistant)
	}
	if ex.Assistant != "" {
		ex.Assistant = withChangedFiles(ex.Assistant, ex.Changed, in.Cwd)
	}
	retired := turnRetirements(ex, reply, undone)
	switch {
	case ex.Assistant == "" && ex.ToolUses > 0:
		return skipped("tool_only")
	case ex.Assistant == "":
		return skipped("no_reply")
	case utf8.RuneCountInString(ex.User)+utf8.RuneCountInString(ex.Assistant) < minExchangeChars &&
		len(commandSpans(ex.Assistant)) == 0:
		return skipped("too_short")
	}
	ex = ex.truncate(cfg.CaptureMaxChars)
	resp, err := c.fromConversation(ctx, conversationRequest{
		Messages:  ex.messages(),
		SessionID: in.SessionID,
		Project:   projectFor(cfg, in.Cwd),
		Tags:      retiredTags(retired),
	})
	if err != nil {
		return failed(err)
	}
	r := result{outcome: outcomeCaptured, hits: len(resp.Results), warn: markCaptured(cfg.StateDir, in.SessionID, ex.key())}
	if resp.NoFactsExtracted {
		r.reason = "no_facts_extracted"
	}
	return r
}

// turnRetirements are the names the turn retires, as tags of its capture:
// what it removed, renamed, rescheduled, permitted, upgraded, confined
// to one place or revoked. A turn whose upgrade was rolled back (undone) removed
// nothing and its edits were undone with it.
func turnRetirements(ex exchange, reply string, undone bool) []string {
	var retired []string
	if !undone {
		retired = withCommandRetirements(retiredNames(ex.User, reply), ex.Commands, ex.Changed, ex.User) // retire.go
	}
	retired = retimedNames(ex.User, reply, retired)  // retime.go
	retired = reportedNames(ex.User, reply, retired) // reported.go
	retired = allowedNames(ex.User, retired)         // allowed.go
	retired = permittedNames(ex.User, retired)       // permitted.go
	retired = upgradedNames(ex.User, reply, retired) // upgraded.go
	retired = narrowedNames(ex.User, retired)        // narrowed.go
	retired = revokedNames(ex.User, retired)         // revoked.go
	if !undone {
		retired = withEditRetirements(retired, ex.Edits, ex.User+"\n"+reply) // editedcode.go
	}
	return retired
}

// turnExchange assembles the exchange that just ended. The transcript has
// the whole turn once written; when it lags (or is missing) the prompt
// stashed by the prompt hook is paired with last_assistant_message.
func turnExchange(ctx context.Context, cfg Config, in eventInput) (exchange, error) {
	st, stashed, serr := takeStash(cfg.StateDir, in.SessionID)
	if stashed && in.PromptID != "" && st.PromptID != "" && st.PromptID != in.PromptID {
		stashed = false // the stash is from a prompt the hook did not see end
	}
	ex, terr := readLastExchange(ctx, in.TranscriptPath)
	switch {
	case stashed && (terr != nil || !ex.sameTurn(st)):
		userTime, asstTime := ex.stashedTimes(st.Prompt, st.Time)
		return exchange{User: strings.TrimSpace(st.Prompt), UserID: st.PromptID, UserTime: userTime,
			AsstTime: asstTime, PromptID: st.PromptID, found: true}, nil
	case terr != nil:
		return exchange{}, errors.Join(terr, serr)
	}
	return ex, nil
}

// handlerFor returns the handler and budget for a `memsvc hook <event>`
// argument.
func handlerFor(event string, cfg Config) (func(context.Context, Config, *client, eventInput) result, time.Duration, error) {
	switch event {
	case "prompt":
		return handlePrompt, cfg.PromptBudget, nil
	case "session-start":
		return handleSessionStart, cfg.SessionStartBudget, nil
	case "stop":
		return handleStop, cfg.StopBudget, nil
	}
	return nil, 0, fmt.Errorf("unknown hook event %q; usage: memsvc hook prompt|session-start|stop", event)
}
