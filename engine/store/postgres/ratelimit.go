package postgres

import (
	"context"
	"time"
)

// TakeToken takes one request from key's bucket in one statement, so every
// replica draws from the same bucket (rest/ratelimit's Shared, which cmd/memsvc
// wires: the store does not import an edge). The bucket is a
// GCRA: tat, the time the bucket would be full again, moves on by interval
// per allowed request, and a request is allowed while that stays within
// burst intervals of now. A refused request leaves tat as it was. The row
// lock of the UPSERT serialises one key's requests across replicas; now
// comes from the caller's clock (replicas keep their clocks in step: a
// skew of a few milliseconds moves a bucket by as much).
func (s *Store) TakeToken(ctx context.Context, key string, now time.Time, interval time.Duration, burst int) (bool, time.Duration, error) {
	nowUS, step := now.UnixMicro(), max(interval.Microseconds(), 1)
	var (
		allowed bool
		tat     int64
	)
	err := s.pool.QueryRow(ctx, `INSERT INTO rate_limits AS r (user_id, tat, allowed) VALUES ($1, $2::bigint + $3::bigint, true)
		ON CONFLICT (user_id) DO UPDATE SET
			allowed = greatest(r.tat, $2) + $3 - $2 <= $4::bigint,
			tat = CASE WHEN greatest(r.tat, $2) + $3 - $2 <= $4::bigint THEN greatest(r.tat, $2) + $3 ELSE r.tat END
		RETURNING allowed, tat`, key, nowUS, step, step*int64(max(burst, 1))).Scan(&allowed, &tat)
	if err != nil {
		return false, 0, translate("take rate token", err)
	}
	if allowed {
		return true, 0, nil
	}
	// The next request fits once tat + interval is within burst intervals.
	wait := tat + step - nowUS - step*int64(max(burst, 1))
	return false, time.Duration(wait) * time.Microsecond, nil
}
