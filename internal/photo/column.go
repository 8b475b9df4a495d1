package photo

import (
	"strconv"
	"strings"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// A page of records and their photos in one statement (issue 43: the
// listing search read its page, then the page's photos in a second
// statement). The owning area's statement carries ViewsColumn as one of its
// columns and hands each row's value to ViewsIn: the area never names this
// package's table, and this package never reads the area's.

// viewsSep and fieldSep separate the photos of a record, and the fields of
// a photo, in the column's value. Photo names are 16 letters and digits
// and an extension (imaging.RandomName), so neither can occur in one.
const viewsSep, fieldSep = " ", ","

// ViewsColumn is an SQL expression for a column of another area's
// statement: the photos of kind whose owner id is the statement's column
// ownerIDColumn (such as "properties.id"), in upload order, as one text
// value (NULL when there are none) that ViewsIn reads. It reads the
// photos_owner index, one probe a row.
func (s *Service) ViewsColumn(kindName, ownerIDColumn string) string {
	return ViewsColumn(s.db.Dialect, kindName, ownerIDColumn)
}

// ViewsIn reads a value of ViewsColumn: the photos as Of gives them, nil
// for none.
func (s *Service) ViewsIn(column string) ([]View, error) { return ViewsIn(column) }

// ViewsColumn is Service.ViewsColumn in dialect d (for tools and tests
// without a Service).
func ViewsColumn(d db.Dialect, kindName, ownerIDColumn string) string {
	if _, ok := kinds[kindName]; !ok {
		panic("photo: no kind " + kindName) // kinds are this package's constants
	}
	fields := `name || '` + fieldSep + `' || width || '` + fieldSep + `' || height || '` + fieldSep + `' || large_width || '` + fieldSep +
		`' || large_height || '` + fieldSep + `' || thumb_width || '` + fieldSep + `' || thumb_height`
	agg := `group_concat(` + fields + `, '` + viewsSep + `' ORDER BY uploaded_at, name)`
	if d == db.Postgres {
		agg = `string_agg(` + fields + `, '` + viewsSep + `' ORDER BY uploaded_at, name)`
	}
	return `(SELECT ` + agg + ` FROM photos WHERE owner_kind = '` + kindName + `' AND owner_id = ` + ownerIDColumn + `)`
}

// ViewsIn is Service.ViewsIn.
func ViewsIn(column string) ([]View, error) {
	if column == "" {
		return nil, nil
	}
	out := make([]View, 0, strings.Count(column, viewsSep)+1)
	for one := range strings.SplitSeq(column, viewsSep) {
		var p photo
		var n [6]int
		name, rest, ok := strings.Cut(one, fieldSep)
		for i := range n {
			var f string
			f, rest, _ = strings.Cut(rest, fieldSep)
			v, err := strconv.Atoi(f)
			if err != nil {
				ok = false
			}
			n[i] = v
		}
		if !ok || rest != "" || name == "" {
			return nil, apperr.Wrap(strconv.ErrSyntax, "read photos column")
		}
		p.Name = name
		p.Width, p.Height, p.LargeWidth, p.LargeHeight, p.ThumbWidth, p.ThumbHeight = n[0], n[1], n[2], n[3], n[4], n[5]
		out = append(out, p.view())
	}
	return out, nil
}
