package mcp

import (
	"context"

	"github.com/memsvc/memsvc/engine/skill"
)

// expandSkill answers one "skill:<id>" entry of search_memory's ids with
// the skill: its steps, triggers and the memories it was learned from.
func (t *tools) expandSkill(ctx context.Context, sc Scope, id string) (*skill.Skill, error) {
	return t.eng.Skill(ctx, sc.User, id)
}
