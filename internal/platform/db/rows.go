package db

import "context"

// Scanner is a row to scan: *sql.Row and *sql.Rows both are one, so a
// store writes one scan function for its table and uses it for a single
// row (QueryRow) and for many (All).
type Scanner interface {
	Scan(dest ...any) error
}

// All runs a query and scans every row with scan, the loop each store
// would otherwise write by hand (Next, Scan, Close, Err). It returns an
// empty, non-nil slice when there are no rows, so lists encode as [].
// Errors come back as they are: the store wraps them with what it was doing.
func All[T any](ctx context.Context, c Conn, scan func(Scanner) (T, error), query string, args ...any) ([]T, error) {
	return AllInto(ctx, c, []T{}, scan, query, args...)
}

// AllInto is All appending to out: a caller that knows how many rows at
// most it asked for (a page and its LIMIT) passes a slice of that capacity,
// so large rows are not copied as the slice grows (issue 29: a search page's
// 21 rows were copied about twice over).
func AllInto[T any](ctx context.Context, c Conn, out []T, scan func(Scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := c.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
