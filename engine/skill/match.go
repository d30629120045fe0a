package skill

// Thresholds of the matching rules; see Match, Similarity and Closest.
const (
	// MatchThreshold is the score a skill needs to be a confident answer to
	// a query.
	MatchThreshold = 0.6
	// MatchMargin is how far the best skill must lead the runner-up.
	MatchMargin = 0.1
	// MergeThreshold is the Similarity at which a new procedure updates an
	// existing skill instead of becoming a new one.
	MergeThreshold = 0.55
)

// Match finds the skill a (procedural) query asks for. A skill's score is
// the best Dice overlap between the query's topic terms and its name or one
// of its triggers, plus up to 0.1 for query terms found in its steps, capped
// at 1. Terms are stemmed, stop words and question words ("how", "steps",
// "remind") are dropped, and common software synonyms are folded ("site" →
// "website", "db" → "database"), so "how do I deploy the site?" matches
// "Deploy the website" with score 1.
//
// ok is true only for a confident match: score >= MatchThreshold and at
// least MatchMargin above the runner-up. best and score are the top
// candidate even when ok is false (zero values with no skills).
func Match(query string, skills []Skill) (best Skill, score float64, ok bool) {
	q := termSet(query, isQueryFiller)
	if len(q) == 0 || len(skills) == 0 {
		return Skill{}, 0, false
	}
	bestIdx, second := -1, 0.0
	for i, s := range skills {
		sc := matchScore(q, s)
		switch {
		case bestIdx < 0 || sc > score:
			if bestIdx >= 0 {
				second = score
			}
			bestIdx, score = i, sc
		case sc > second:
			second = sc
		}
	}
	best = skills[bestIdx]
	return best, score, score >= MatchThreshold && score-second >= MatchMargin
}

// matchScore scores one skill against the query's terms.
func matchScore(q map[string]bool, s Skill) float64 {
	field := dice(q, termSet(s.Name, nil))
	for _, t := range s.Triggers {
		field = max(field, dice(q, termSet(t, nil)))
	}
	steps := map[string]bool{}
	for _, st := range s.Steps {
		for t := range termSet(st, nil) {
			steps[t] = true
		}
	}
	found := 0
	for t := range q {
		if steps[t] {
			found++
		}
	}
	return min(1, field+0.1*float64(found)/float64(len(q)))
}

// Similarity scores how close a procedure is to a skill (0..1): 0.65 × the
// best Dice overlap of the goal or a trigger of p with the name or a trigger
// of s, plus 0.35 × the share of the shorter step list that has a same or
// contradicting step in the other. A procedure with Similarity >=
// MergeThreshold should be merged into the skill (MergeInto); the goal
// carries most weight, so the same steps for another goal stay apart unless
// the goals overlap too.
func Similarity(p Procedure, s Skill) float64 {
	var goals []map[string]bool
	for _, g := range append([]string{p.Goal}, p.Triggers...) {
		if t := termSet(g, nil); len(t) > 0 {
			goals = append(goals, t)
		}
	}
	var fields []map[string]bool
	for _, f := range append([]string{s.Name}, s.Triggers...) {
		if t := termSet(f, nil); len(t) > 0 {
			fields = append(fields, t)
		}
	}
	goal := 0.0
	for _, g := range goals {
		for _, f := range fields {
			goal = max(goal, dice(g, f))
		}
	}
	return 0.65*goal + 0.35*stepOverlap(p.Steps, s.Steps)
}

// stepOverlap is the share of the shorter step list with a same or
// contradicting step in the other.
func stepOverlap(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	n := 0
	for _, x := range a {
		for _, y := range b {
			if sameStep(x, y) || contradicts(x, y, false) {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(a))
}

// Closest returns the index of the skill p should be merged into (the most
// similar one at or above MergeThreshold, lowest index on ties) and its
// Similarity; -1 when p is a new skill.
func Closest(p Procedure, skills []Skill) (int, float64) {
	best, score := -1, 0.0
	for i, s := range skills {
		if sc := Similarity(p, s); sc >= MergeThreshold && sc > score {
			best, score = i, sc
		}
	}
	return best, score
}
