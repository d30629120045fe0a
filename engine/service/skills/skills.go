package skills

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/skill"
)

// Collection holds the user's skills, one JSON document per skill id.
const Collection = "skill"

// Skill returns one skill of user, ENotFound when there is none with id.
func (e *Learner) Skill(ctx context.Context, user, id string) (*skill.Skill, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	var s skill.Skill
	err := e.store.View(ctx, user, func(tx engine.Tx) error { return tx.GetDoc(Collection, id, &s) })
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, engine.Errorf(engine.ENotFound, "unknown skill %q", id)
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// Skills lists every skill of user in id order.
func (e *Learner) Skills(ctx context.Context, user string) ([]skill.Skill, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	var out []skill.Skill
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		var err error
		out, err = loadSkills(tx)
		return err
	})
	return out, err
}

func loadSkills(tx engine.Tx) ([]skill.Skill, error) {
	var out []skill.Skill
	err := tx.ScanDocs(Collection, "", func(_ string, raw []byte) error {
		var s skill.Skill
		if err := json.Unmarshal(raw, &s); err != nil {
			return engine.Internal("decode skill", err)
		}
		out = append(out, s)
		return nil
	})
	return out, err
}

// Learn is a write hook (registered after entity linking): every
// procedure the request taught (plan.learn) and every new or changed active
// memory whose text walks through steps towards a stated goal is merged
// into the closest skill (skill.Closest, skill.MergeInto keeps a version
// history) or becomes a new one; deleted memories leave the provenance of
// skills, and a skill with no source left is forgotten with them.
//
// Steps without a goal ("deploy X, then tell Bob") do not make a skill: a
// skill is found by what it achieves (Match reads its name and triggers),
// and a goalless one would never merge with a later telling either.
func (e *Learner) Learn(tx engine.Tx, p *plan, c *writeChange) error {
	deleted := c.DeletedIDs
	procs := procedures(p.Learn, c.Changed)
	if len(procs) == 0 && len(deleted) == 0 {
		return nil
	}
	skills, err := loadSkills(tx)
	if err != nil {
		return err
	}
	skills, dirty := e.merge(skills, procs)
	for i := range skills {
		if dropSources(&skills[i], deleted) {
			if len(skills[i].SourceMemoryIDs) == 0 {
				if err := tx.DeleteDoc(Collection, skills[i].ID); err != nil {
					return err
				}
				delete(dirty, i)
				continue
			}
			dirty[i] = true
		}
	}
	for i := range skills {
		if dirty[i] {
			if err := tx.PutDoc(Collection, skills[i].ID, &skills[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// procedures are the procedures the write taught: those its requests named
// (explicit) and the steps found in the active facts it changed.
func procedures(explicit []learnedProcedure, changed []*engine.Memory) []learnedProcedure {
	procs := append([]learnedProcedure(nil), explicit...)
	named := map[string]bool{}
	for _, lp := range explicit {
		named[lp.MemoryID] = true
	}
	for i := len(changed) - 1; i >= 0; i-- { // changed is in reverse plan order
		m := changed[i]
		if named[m.ID] || m.State != engine.StateActive || m.IsEpisode() { // an episode's steps are learned from its facts
			continue
		}
		if proc, ok := skill.DetectSteps(m.Text); ok && proc.Goal != "" {
			procs = append(procs, learnedProcedure{MemoryID: m.ID, Proc: proc})
		}
	}
	return procs
}

// merge folds each procedure into the closest skill, or starts a new one,
// and says which skills changed (by index).
func (e *Learner) merge(skills []skill.Skill, procs []learnedProcedure) ([]skill.Skill, map[int]bool) {
	dirty := map[int]bool{}
	now := e.now().UTC()
	for _, lp := range procs {
		if i, _ := skill.Closest(lp.Proc, skills); i >= 0 {
			skills[i] = skill.MergeInto(skills[i], lp.Proc, []string{lp.MemoryID}, now)
			dirty[i] = true
			continue
		}
		skills = append(skills, skill.New(e.newID(), lp.Proc, []string{lp.MemoryID}, now))
		dirty[len(skills)-1] = true
	}
	return skills, dirty
}

// dropSources removes deleted memories from a skill's provenance.
func dropSources(s *skill.Skill, deleted map[string]bool) bool {
	if len(deleted) == 0 {
		return false
	}
	n := len(s.SourceMemoryIDs)
	s.SourceMemoryIDs = slices.DeleteFunc(s.SourceMemoryIDs, func(id string) bool { return deleted[id] })
	return len(s.SourceMemoryIDs) != n
}

// taught is a procedure found in a conversation, with where it was said.
type taught struct {
	proc       skill.Procedure
	messageIDs []string
	excerpt    string
}

// conversationProcedures finds the procedures a conversation walks
// through: per turn (a numbered list, "first … then … finally", "to deploy,
// run X then Y"), taking the goal from the question the turn answers when
// the steps do not say it ("How do I deploy the site?" → "deploy the
// site"). A conversation sent as agent memory is also read as one text, so
// steps spread over turns are found. Procedures whose goal stays unknown
// are left out (see learnSkills).
func conversationProcedures(req engine.ConversationRequest) []taught {
	out := procedureTurns(req)
	return slices.DeleteFunc(out, func(t taught) bool { return t.proc.Goal == "" })
}

func procedureTurns(req engine.ConversationRequest) []taught {
	var out []taught
	question := ""
	for _, m := range req.Messages {
		proc, ok := skill.DetectSteps(m.Content)
		if ok {
			if proc.Goal == "" && question != "" {
				proc.Goal = skill.GoalFromQuery(question)
				proc.Triggers = skill.Triggers(proc.Goal)
			}
			out = appendTaught(out, taught{proc: proc, messageIDs: nonEmpty(m.ID), excerpt: excerpt(m.Content)})
		}
		if m.Role == "user" && skill.IsProcedural(m.Content) {
			question = m.Content
		}
	}
	if req.AgentMemory && len(req.Messages) > 1 && len(out) <= 1 {
		if whole, ok := wholeProcedure(req.Messages); ok && (len(out) == 0 || len(whole.proc.Steps) > len(out[0].proc.Steps)) {
			if whole.proc.Goal == "" && len(out) == 1 {
				whole.proc.Goal, whole.proc.Triggers = out[0].proc.Goal, out[0].proc.Triggers
			}
			out = []taught{whole} // one procedure told over several turns
		}
	}
	return out
}

// wholeProcedure reads the turns as one text.
func wholeProcedure(msgs []engine.Message) (taught, bool) {
	var b strings.Builder
	var ids []string
	for _, m := range msgs {
		b.WriteString(m.Content)
		b.WriteString("\n")
		ids = append(ids, nonEmpty(m.ID)...)
	}
	proc, ok := skill.DetectSteps(b.String())
	return taught{proc: proc, messageIDs: ids, excerpt: excerpt(b.String())}, ok
}

// appendTaught adds t unless a procedure with the same goal and steps is
// already there (a user pasting the steps the assistant gave).
func appendTaught(out []taught, t taught) []taught {
	for _, o := range out {
		if strings.EqualFold(o.proc.Goal, t.proc.Goal) && slices.Equal(o.proc.Steps, t.proc.Steps) {
			return out
		}
	}
	return append(out, t)
}

func nonEmpty(id string) []string {
	if id == "" {
		return nil
	}
	return []string{id}
}

func excerpt(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 200 {
		return string(r[:200])
	}
	return s
}

// WithProcedures appends to facts one procedural fact per procedure the
// conversation teaches, and returns those procedures in the same order.
func (e *Learner) WithProcedures(req engine.ConversationRequest, facts []extract.Fact) ([]extract.Fact, []skill.Procedure) {
	var procs []skill.Procedure
	for _, t := range conversationProcedures(req) {
		facts = append(facts, procedureFact(t, e.cfg.MaxTextBytes))
		procs = append(procs, t.proc)
	}
	return facts, procs
}

// procedureFact is the procedural memory that keeps a taught procedure: the
// skill's provenance, and searchable like any other memory.
func procedureFact(t taught, maxBytes int) extract.Fact {
	var b strings.Builder
	if t.proc.Goal != "" {
		fmt.Fprintf(&b, "How to %s:", t.proc.Goal)
	} else {
		b.WriteString("Procedure:")
	}
	for i, s := range t.proc.Steps {
		next := fmt.Sprintf(" %d) %s;", i+1, strings.TrimRight(s, ".;"))
		if b.Len()+len(next) > maxBytes {
			break
		}
		b.WriteString(next)
	}
	text := strings.TrimSuffix(b.String(), ";") + "."
	return extract.Fact{Text: text, MessageIDs: t.messageIDs, Excerpt: t.excerpt, Kind: engine.TypeProcedural}
}

// PrimarySkill returns the skill a procedural query confidently asks for,
// counting the use, or nil.
func (e *Learner) PrimarySkill(ctx context.Context, user, query string) (*skill.Skill, error) {
	if !skill.IsProcedural(query) {
		return nil, nil
	}
	skills, err := e.Skills(ctx, user)
	if err != nil || len(skills) == 0 {
		return nil, err
	}
	best, _, ok := skill.Match(query, skills)
	if !ok {
		return nil, nil
	}
	err = e.write(ctx, user, func(tx engine.Tx, _ *plan) error {
		if err := tx.GetDoc(Collection, best.ID, &best); err != nil {
			return err
		}
		best.Uses++
		return tx.PutDoc(Collection, best.ID, &best)
	})
	if err != nil {
		// Counting is bookkeeping: the answer stands without it.
		e.log.Warn("skill: count use", "skill", best.ID, "err", err)
	}
	return &best, nil
}
