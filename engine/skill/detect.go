package skill

import (
	"regexp"
	"strings"
)

var (
	// listItemRe is one item of a numbered or bulleted list, or "Step 3: …".
	listItemRe = regexp.MustCompile(`^\s*(?:(?i:step)\s*\d{1,2}\s*[:.)\-]?|\d{1,2}[.):]|\(\d{1,2}\)|[-*•+])\s+(\S.*)$`)
	// inlineStepRe splits "Step 1: … Step 2: …" or "1) … 2) …" on one line.
	inlineStepRe = regexp.MustCompile(`(?i)(?:^|\s)(?:step\s*\d{1,2}\s*[:.)\-]|\(?\d{1,2}\))\s+`)
	// sequenceRe splits at sequencing words ("first", "then", "finally").
	sequenceRe = regexp.MustCompile(`(?i)(?:[,;]\s*)?(?:\band\s+)?\b(?:first(?:ly)?|then|next|after that|afterwards?|finally|lastly|once (?:that'?s|it'?s) done)\b[,:]?\s*`)
	// roleRe is a transcript's speaker prefix ("assistant: ").
	roleRe = regexp.MustCompile(`(?im)^[ \t]*(?:user|assistant|system|human|ai|bot)[ \t]*:[ \t]*`)
	// sentenceEndRe splits sentences.
	sentenceEndRe = regexp.MustCompile(`[.!?;]+(?:\s+|$)|\n+`)
	// goal patterns, in order of preference; the goal is the first group.
	goalHowRe   = regexp.MustCompile(`(?i)\bhow (?:to|do (?:i|you|we)|can (?:i|you|we)|should (?:i|we)|i|we) ([^?.!:\n,]{3,80})`)
	goalStepsRe = regexp.MustCompile(`(?i)\b(?:steps|instructions|procedure|process|recipe|workflow|checklist) (?:to|for) ([^?.!:\n,]{3,80})`)
	goalToRe    = regexp.MustCompile(`(?i)(?:^|[.!?\n]\s*)(?:in order )?to ([^,:\n]{3,80}?)(?:[,:]|\s+(?:you|we) (?:should|need to|have to|must|can|just)\s)`)
	goalLineRe  = regexp.MustCompile(`(?m)^\s*(?:#+\s*([^\n]{3,60})|([^\n:.!?]{3,60}):)\s*$`)
)

// DetectSteps recognises a procedure in text without a model: a numbered or
// bulleted list, "Step 1: … Step 2: …", or a sentence sequence with "first …
// then … finally" or "to deploy, run X then Y". It needs at least two steps,
// and either a stated goal ("to deploy the website", "how to …", "steps
// for …") or steps that read as instructions (most start with an imperative
// verb). A bulleted list with neither is a plain list, not a procedure.
//
// Goal is empty when the text has steps but does not say what they are for;
// the caller may supply one (for example GoalFromQuery of the question the
// steps answer) and then call Triggers.
func DetectSteps(text string) (Procedure, bool) {
	text = roleRe.ReplaceAllString(strings.ReplaceAll(text, "\r\n", "\n"), "")
	for _, find := range []func(string) ([]string, string, bool){listSteps, inlineSteps, sequenceSteps} {
		steps, lead, numbered := find(text)
		if len(steps) < 2 {
			continue
		}
		goal, explicit := findGoal(lead)
		if !explicit && !numbered && !imperative(steps) {
			continue
		}
		return Procedure{Goal: goal, Steps: steps, Triggers: Triggers(goal)}, true
	}
	return Procedure{}, false
}

// listSteps finds the first list of two or more items. Continuation lines
// (indented, not items) join the item above. It returns the steps, the text
// before the list, and whether the list was numbered.
func listSteps(text string) ([]string, string, bool) {
	lines := strings.Split(text, "\n")
	var steps []string
	start, numbered := -1, false
	for i, line := range lines {
		if m := listItemRe.FindStringSubmatch(line); m != nil {
			if start < 0 {
				start = i
				t := strings.TrimSpace(line)
				numbered = t[0] >= '0' && t[0] <= '9' || t[0] == '(' || strings.HasPrefix(strings.ToLower(t), "step")
			}
			steps = append(steps, m[1])
			continue
		}
		switch {
		case strings.TrimSpace(line) == "" && start >= 0:
			continue // blank lines may separate items
		case start >= 0 && len(steps) > 0 && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")):
			steps[len(steps)-1] += " " + strings.TrimSpace(line)
			continue
		case len(steps) >= 2:
			return cleanSteps(steps), strings.Join(lines[:start], "\n"), numbered
		default:
			steps, start = nil, -1
		}
	}
	if start < 0 {
		return nil, "", false
	}
	return cleanSteps(steps), strings.Join(lines[:start], "\n"), numbered
}

// inlineSteps splits "Step 1: … Step 2: …" or "1) … 2) …" within a line.
func inlineSteps(text string) ([]string, string, bool) {
	locs := inlineStepRe.FindAllStringIndex(text, -1)
	if len(locs) < 2 {
		return nil, "", false
	}
	var steps []string
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		steps = append(steps, text[loc[1]:end])
	}
	return cleanSteps(steps), text[:locs[0][0]], true
}

// sequenceSteps splits prose at sentence ends and sequencing words. The steps
// start after a stated goal ("To deploy the website, …") or at the first
// sequencing word; at least one "then/next/finally" must be present, so a
// plain paragraph is not a procedure.
func sequenceSteps(text string) ([]string, string, bool) {
	lead, body := "", text
	if loc := goalToRe.FindStringIndex(text); loc != nil {
		lead, body = text[:loc[1]], text[loc[1]:]
	} else if loc := sequenceRe.FindStringIndex(text); loc != nil {
		// The sentence holding the first sequencing word starts the steps:
		// in "Run make build, then run make push" the first step precedes it.
		start := 0
		if ends := sentenceEndRe.FindAllStringIndex(text[:loc[0]], -1); ends != nil {
			start = ends[len(ends)-1][1]
		}
		lead, body = text[:start], text[start:]
	} else {
		return nil, "", false
	}
	// Text before an explicit "first" is preamble ("Sure, it's easy: first …").
	if loc := sequenceRe.FindStringIndex(body); loc != nil && strings.Contains(strings.ToLower(body[loc[0]:loc[1]]), "first") {
		lead, body = lead+body[:loc[0]], body[loc[0]:]
	}
	markers := 0
	for _, m := range sequenceRe.FindAllString(body, -1) {
		if w := strings.ToLower(strings.Trim(m, " ,;:")); !strings.HasPrefix(w, "first") {
			markers++
		}
	}
	if markers == 0 {
		return nil, "", false
	}
	var steps []string
	for _, sentence := range sentenceEndRe.Split(body, -1) {
		steps = append(steps, sequenceRe.Split(sentence, -1)...)
	}
	return cleanSteps(steps), lead, false
}

// findGoal finds what the steps are for in the text before them. explicit
// is true for a goal stated as such ("how to X", "steps for X", "to X,");
// a bare heading line ("Deploying the website:") is a goal but not explicit.
func findGoal(lead string) (string, bool) {
	for _, re := range []*regexp.Regexp{goalHowRe, goalStepsRe, goalToRe} {
		if ms := re.FindAllStringSubmatch(lead, -1); ms != nil {
			if g := normalizeGoal(ms[len(ms)-1][1]); g != "" {
				return g, true
			}
		}
	}
	if ms := goalLineRe.FindAllStringSubmatch(lead, -1); ms != nil {
		last := ms[len(ms)-1]
		if g := normalizeGoal(last[1] + last[2]); actionPhrase(g) {
			return g, false
		}
	}
	return "", false
}

// actionPhrase reports a heading that names an action ("Rotate API keys",
// "Deploying the website") rather than a topic ("Groceries", "The agent
// ran").
func actionPhrase(g string) bool {
	first, _, _ := strings.Cut(strings.ToLower(g), " ")
	return isInstructionVerb(first) || (len(first) > 5 && strings.HasSuffix(first, "ing"))
}

// normalizeGoal cleans a goal phrase and lower-cases its first letter unless
// the first word looks like a name ("GitHub", "NYC").
func normalizeGoal(g string) string {
	g = cleanGoal(strings.Join(strings.Fields(g), " "))
	for _, prefix := range []string{"here's how to ", "here is how to ", "here are the steps to ", "steps to "} {
		if strings.HasPrefix(strings.ToLower(g), prefix) {
			g = g[len(prefix):]
		}
	}
	first, _, _ := strings.Cut(g, " ")
	if len(first) > 1 && first[0] >= 'A' && first[0] <= 'Z' && strings.ToLower(first[1:]) == first[1:] {
		g = strings.ToLower(first[:1]) + g[1:]
	}
	return g
}

// cleanSteps trims each step of list markers, leading sequencing and modal
// words ("then", "you should") and trailing punctuation, and drops empties.
func cleanSteps(raw []string) []string {
	var out []string
	for _, s := range raw {
		s = strings.Join(strings.Fields(s), " ")
		for changed := true; changed; {
			changed = false
			lower := strings.ToLower(s)
			for _, p := range []string{"and ", "then ", "next ", "first ", "firstly ", "finally ", "lastly ",
				"after that ", "afterwards ", "you should ", "you need to ", "you have to ", "you must ",
				"you can ", "you ", "we should ", "we need to ", "we ", "just ", "please ", "now ", ", "} {
				if strings.HasPrefix(lower, p) && len(s) > len(p) {
					s, changed = s[len(p):], true
					break
				}
			}
		}
		if s = strings.TrimSpace(s); !strings.HasSuffix(s, "...") {
			s = strings.TrimSpace(strings.TrimRight(s, ".;,:!"))
		}
		for _, suffix := range []string{" and", " then", ","} {
			s = strings.TrimSuffix(s, suffix)
		}
		if len(strings.Fields(s)) > 0 && !isFiller(strings.ToLower(s)) {
			out = append(out, s)
		}
	}
	return out
}

// isFiller reports fragments left between sequencing words that are not
// steps ("and", "that's it").
func isFiller(s string) bool {
	switch s {
	case "and", "then", "done", "that's it", "that is it", "and that's it", "easy", "ok", "okay", "so":
		return true
	}
	return false
}

// imperative reports whether most steps start with an instruction verb.
func imperative(steps []string) bool {
	n := 0
	for _, s := range steps {
		first, _, _ := strings.Cut(strings.ToLower(s), " ")
		if isInstructionVerb(strings.Trim(first, "`'\"")) {
			n++
		}
	}
	return 2*n > len(steps)
}
