package skill

import (
	"regexp"
	"strings"
)

// Compiled regular expressions are immutable and safe for concurrent use.
var (
	// notProcedural are questions that start like procedural ones but ask
	// for a state, a quantity or a greeting.
	notProceduralRe = regexp.MustCompile(`^(?:\W*)how (?:are|is|was|were|old|many|much|long|often|far|big|tall|come|about you|have you been)\b`)

	// howDoRe is "how do/can/should I|we|you <verb>", with verbs of opinion
	// and perception excluded ("how do you feel").
	howDoRe = regexp.MustCompile(`\bhow (?:do|did|would|should|could|can|might|does) (?:i|we|you|one)\s+(?:go about\s+)?([a-z]+)`)

	proceduralRe = regexp.MustCompile(`\bhow to\b|` +
		`\bsteps? (?:to|for|of|in)\b|\bwhat are the steps\b|` +
		`\b(?:process|procedure|instructions|workflow|recipe|routine|checklist) (?:for|to|of)\b|` +
		`\bremind me how\b|\bwalk me through\b|\bshow me how\b|\btell me how\b|` +
		`\bwhat do (?:i|we) (?:need to |have to )?do to\b`)

	// Goal patterns of a procedural question; the goal is the first group.
	goalRemindRe = regexp.MustCompile(`\b(?:remind|show|tell) me how (?:to |do (?:i|we) |can (?:i|we) |i |we )?(.+)`)
	goalHowDoRe  = regexp.MustCompile(`\bhow (?:do|did|would|should|could|can|might|does) (?:i|we|you|one) (?:go about )?(.+)`)
	goalHowToRe  = regexp.MustCompile(`\bhow to (.+)`)
	goalWalkRe   = regexp.MustCompile(`\bwalk me through (?:how to |the (?:steps|process|procedure) (?:to|for|of) )?(.+)`)
	goalNounRe   = regexp.MustCompile(`\b(?:steps?|process|procedure|instructions|workflow|recipe|routine|checklist) (?:to|for|of|in) (.+)`)
	goalDoToRe   = regexp.MustCompile(`\bwhat do (?:i|we) (?:need to |have to )?do to (.+)`)
)

// cleanQuery lower-cases a query, straightens apostrophes and collapses
// spaces.
func cleanQuery(q string) string {
	q = strings.ToLower(strings.ReplaceAll(q, "’", "'"))
	return strings.Join(strings.Fields(q), " ")
}

// IsProcedural reports whether a query asks how to do something: "how do
// I…", "how to…", "how can I…", "steps to…", "what are the steps…", "what's
// the process for…", "remind me how…", "walk me through…", "procedure
// for…". Questions about state or quantity ("how are you", "how old is…",
// "how many…") are not procedural.
func IsProcedural(query string) bool {
	q := cleanQuery(query)
	if q == "" || notProceduralRe.MatchString(q) {
		return false
	}
	if m := howDoRe.FindStringSubmatch(q); m != nil && !opinionVerb(m[1], q) {
		return true
	}
	return proceduralRe.MatchString(q)
}

// opinionVerb reports verbs after "how do you" that ask for an opinion or a
// state rather than a procedure ("how do you feel", "how do you do?").
func opinionVerb(v, q string) bool {
	switch v {
	case "feel", "like", "think", "know", "look", "say", "rate", "compare", "mean":
		return true
	case "do":
		return strings.HasSuffix(strings.TrimRight(q, "?!. "), "how do you do")
	}
	return false
}

// GoalFromQuery returns what a procedural query wants to achieve: "How do I
// deploy the site?" → "deploy the site"; "" for a query that is not
// procedural. The engine can use it as the goal of steps that answer the
// question in the next message.
func GoalFromQuery(query string) string {
	if !IsProcedural(query) {
		return ""
	}
	q := cleanQuery(query)
	for _, re := range []*regexp.Regexp{goalRemindRe, goalHowDoRe, goalHowToRe, goalWalkRe, goalNounRe, goalDoToRe} {
		if m := re.FindStringSubmatch(q); m != nil {
			if g := cleanGoal(m[1]); g != "" {
				return g
			}
		}
	}
	return ""
}

// cleanGoal trims a goal phrase: surrounding punctuation, and trailing
// filler such as "again", "please", "you should".
func cleanGoal(g string) string {
	g = strings.TrimSpace(g)
	if i := strings.IndexAny(g, "?!\n"); i >= 0 {
		g = g[:i]
	}
	g = strings.Trim(g, " .,:;\"'`")
	for {
		trimmed := g
		for _, suffix := range []string{" again", " please", " exactly", " properly", " correctly", " now",
			" you should", " you need to", " you have to", " you must", " you can", " we should", " we need to"} {
			trimmed = strings.TrimSuffix(trimmed, suffix)
		}
		trimmed = strings.Trim(trimmed, " .,:;")
		if trimmed == g {
			break
		}
		g = trimmed
	}
	for _, prefix := range []string{"the process of ", "how to ", "i ", "we "} {
		g = strings.TrimPrefix(g, prefix)
	}
	return g
}
