package deposit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
)

// The SQL of the tenants' dispute photos: deposit_answer_photos.

const answerPhotoCols = `p.id, p.line_id, p.tenant_email, p.revision, p.file_name, p.content_type, p.size, p.sha256, p.width, p.height,
	p.file_key, p.thumb_key, p.taken_at, p.uploaded_at`

func scanAnswerPhoto(row db.Scanner) (AnswerPhoto, error) {
	var p AnswerPhoto
	var taken *int64
	var uploaded int64
	err := row.Scan(&p.ID, &p.LineID, &p.Email, &p.Revision, &p.Name, &p.ContentType, &p.Size, &p.SHA256, &p.Width, &p.Height,
		&p.key, &p.thumbKey, &taken, &uploaded)
	if errors.Is(err, db.NoRows) {
		return AnswerPhoto{}, apperr.New(apperr.NotFound, "photo_not_found", MsgPhotoMissing)
	}
	if err != nil {
		return AnswerPhoto{}, apperr.Wrap(err, "scan answer photo")
	}
	if taken != nil {
		at := time.UnixMilli(*taken).UTC()
		p.TakenAt = &at
	}
	p.UploadedAt = time.UnixMilli(uploaded).UTC()
	return p, nil
}

func insertAnswerPhoto(ctx context.Context, c db.Conn, p AnswerPhoto) error {
	var taken any
	if p.TakenAt != nil {
		taken = p.TakenAt.UnixMilli()
	}
	_, err := c.Exec(ctx, `INSERT INTO deposit_answer_photos (id, line_id, tenant_email, revision, file_name, content_type, size, sha256,
		width, height, file_key, thumb_key, taken_at, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.LineID, p.Email, p.Revision, p.Name, p.ContentType, p.Size, p.SHA256, p.Width, p.Height, p.key, p.thumbKey, taken,
		p.UploadedAt.UnixMilli())
	return apperr.Wrap(err, "insert answer photo")
}

func deleteAnswerPhoto(ctx context.Context, c db.Conn, id string) error {
	_, err := c.Exec(ctx, `DELETE FROM deposit_answer_photos WHERE id = ?`, id)
	return apperr.Wrap(err, "delete answer photo")
}

func answerPhotoByID(ctx context.Context, c db.Conn, lineID, id string) (AnswerPhoto, error) {
	return scanAnswerPhoto(c.QueryRow(ctx, `SELECT `+answerPhotoCols+` FROM deposit_answer_photos p WHERE p.line_id = ? AND p.id = ?`, lineID, id))
}

// answerPhotosOfLine are a line's photos, every tenant's.
func answerPhotosOfLine(ctx context.Context, c db.Conn, lineID string) ([]AnswerPhoto, error) {
	list, err := db.All(ctx, c, scanAnswerPhoto, `SELECT `+answerPhotoCols+` FROM deposit_answer_photos p WHERE p.line_id = ?
		ORDER BY p.uploaded_at, p.id`, lineID)
	return list, apperr.Wrap(err, "list answer photos")
}

// dropAnswerPhotos deletes a tenant's photos of a line and answers them.
func dropAnswerPhotos(ctx context.Context, c db.Conn, lineID, email string) ([]AnswerPhoto, error) {
	list, err := db.All(ctx, c, scanAnswerPhoto, `SELECT `+answerPhotoCols+` FROM deposit_answer_photos p WHERE p.line_id = ? AND p.tenant_email = ?`,
		lineID, email)
	if err != nil || len(list) == 0 {
		return nil, apperr.Wrap(err, "list answer photos")
	}
	_, err = c.Exec(ctx, `DELETE FROM deposit_answer_photos WHERE line_id = ? AND tenant_email = ?`, lineID, email)
	return list, apperr.Wrap(err, "delete answer photos")
}

// attachAnswerPhotos gives each of a tenancy's lines its photos, oldest first.
func attachAnswerPhotos(ctx context.Context, c db.Conn, tenancyID string, lines []Line) error {
	if len(lines) == 0 {
		return nil
	}
	list, err := db.All(ctx, c, scanAnswerPhoto, `SELECT `+answerPhotoCols+` FROM deposit_answer_photos p
		JOIN deposit_lines l ON l.id = p.line_id WHERE l.tenancy_id = ? ORDER BY p.uploaded_at, p.id`, tenancyID)
	if err != nil {
		return apperr.Wrap(err, "list answer photos")
	}
	at := make(map[string]int, len(lines))
	for i, l := range lines {
		at[l.ID] = i
	}
	for _, p := range list {
		if i, ok := at[p.LineID]; ok {
			lines[i].Photos = append(lines[i].Photos, p)
		}
	}
	return nil
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
