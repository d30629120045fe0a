package search

import (
	"context"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
)

// The answers view: a question among the fusion's best hits that matches
// the query ("have you ever been to a concert?") is answered by the turn
// said after it, whose words may be none of the query's ("Yes, last summer
// I saw …"). The view is those next turns, in their questions' order,
// joined to the fusion as a view of its own. Unlike the neighbouring-turns
// views (recall.Spread), which lend to every hit's neighbours, it lends
// only what a question asks for, and only from the best hits, so an
// exchange's other turns do not crowd the top.
//
// Measured on the dev data (recall@10 raw turns, LoCoMo / LoCoMo without
// session ids / REALTALK / REALTALK without session ids; without the view
// 0.7909 / 0.7909 / 0.6748 / 0.6759): weight 0.3 from the best 10 hits
// gives 0.7945 / 0.7945 / 0.6771 / 0.6759; weight 0.2 / 0.5 0.7935 / 0.6771
// and 0.7939 / 0.6771 (REALTALK without ids 0.6748 at 0.5); from the best
// 5 / 15 / 20 / 40 hits 0.7935 / 0.7932 / 0.7920 (weight 0.2) / 0.7895 on
// LoCoMo; the two turns after a question instead of one 0.7939 / 0.6755.
// Also tried, from 0.7941 / 0.6771: the first turn of another speaker after
// the asker's own follow-up messages (up to 2 / 3 / 5 turns on, with or
// without the next turn) moved no question; a view of the short reply
// (≤ 8 or 15 words) another speaker said right after any of the best 10
// hits, at 0.15 / 0.3 / 0.6: 0.7928 / 0.6771, 0.7926–0.7928 / 0.6776,
// 0.7891–0.7915 / 0.6776 (the passage view reads a reply's prompt
// already); a view of the turns the same speaker went on with after each
// of the best 10 hits (1 or 2 turns, and before them too), at 0.2 / 0.4:
// LoCoMo unchanged, REALTALK 0.6724–0.6759; for a question opening with
// "when", a view of the turns within 1 or 2 of the best 10 hits that write
// a time (timeref.Find), at 0.2 / 0.5: no question moved.
const (
	answerWeight = 0.3
	answerHits   = 10
)

// answerView ranks the turn said right after each question among fused's
// first answerHits hits (explicit session or implicit conversation), in
// the questions' order, kept by q's filters.
func (e *Searcher) answerView(ctx context.Context, rd *reads, shard *index.Shard, q *engine.Query, fused []recall.Ranked) ([]recall.Ranked, error) {
	top := fused[:min(answerHits, len(fused))]
	ids := make([]string, len(top))
	for i, r := range top {
		ids[i] = r.ID
	}
	mems, err := rd.Load(ctx, ids)
	if err != nil {
		return nil, err
	}
	var asking []string
	for _, m := range mems {
		if asks(engine.WithoutQuestion(m.Text)) {
			asking = append(asking, m.ID)
		}
	}
	if len(asking) == 0 {
		return nil, nil
	}
	next := shard.Turns(asking, 1)
	isAsking := make(map[string]bool, len(asking))
	for _, id := range asking {
		isAsking[id] = true
	}
	seen := map[string]bool{}
	var out []recall.Ranked
	for _, r := range top {
		if !isAsking[r.ID] {
			continue
		}
		for _, n := range next[r.ID].After {
			if row, ok := shard.Get(n); ok && keeps(q, &row) && !seen[n] {
				seen[n] = true
				out = append(out, recall.Ranked{ID: n, Score: r.Score})
			}
		}
	}
	return out, nil
}

// asks reports whether a turn asks something: a question mark, of any
// script's form (ASCII, full-width, Arabic), that ends a word: the "?" of a
// URL's query ("https://x.test/?page=2") asks nothing. An answer's episode
// keeps the question it answers after its own words; the caller passes
// the turn alone (engine.WithoutQuestion), since the next turn does not
// answer that question.
func asks(s string) bool {
	for i, r := range s {
		if r != '?' && r != '？' && r != '؟' {
			continue
		}
		next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
		if next == utf8.RuneError || !unicode.IsLetter(next) && !unicode.IsDigit(next) && next != '=' && next != '&' {
			return true
		}
	}
	return false
}
