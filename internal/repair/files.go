package repair

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/photo"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/imaging"
	"github.com/omnirent/omnirent/internal/platform/text"
	"github.com/omnirent/omnirent/internal/session"
)

// The original message of a report the landlord logged (issue 44: "the
// original message attached: the clock starts there, not at the
// logging"). A landlord told by e-mail saves it as an .eml file, a text as
// a screenshot, a letter as a PDF or a photo. What is kept, by its
// content: an image goes through the photo mechanism (location data
// stripped) and is one of the repair's photos; a PDF (%PDF-) or a text
// file (an .eml or .txt: UTF-8 text, no binary) is stored as received,
// with its SHA-256. Either way the history records it, with the moment the
// landlord said they were told.

// MaxOriginalBytes bounds an original message's file.
const MaxOriginalBytes = 10 << 20

// Messages of the original message's file.
const (
	MsgOriginalType  = "Please attach the original message as a PDF, a photo or screenshot (JPEG or PNG), or an e-mail saved as .eml or .txt."
	MsgOriginalLarge = "The original message's file is larger than 10 MB. Please attach a smaller copy."
	MsgOriginalNone  = "Please choose the file of the original message."
	MsgOriginalOnly  = "Only a report the landlord recorded has an original message to attach."
)

// FileView is an original message's file for the repair's pages.
type FileView struct {
	Name        string    `json:"name"`
	FileName    string    `json:"fileName"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	SHA256      string    `json:"sha256"`
	UploadedAt  time.Time `json:"uploadedAt"`
	URL         string    `json:"url"`
}

type storedFile struct {
	FileView
	RepairID   string
	Key        string
	UploadedBy string
}

// AttachOriginal attaches the original message's file to a report the
// landlord logged.
func (s *Service) AttachOriginal(ctx context.Context, a session.Actor, id, fileName string, file io.Reader) (View, error) {
	if err := a.RequireSignedIn(); err != nil {
		return View{}, err
	}
	if s.ev.Files == nil || s.ev.Photos == nil {
		return View{}, apperr.Wrap(errNoEvidence, "repair files")
	}
	r, err := repairByID(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return View{}, err
	}
	role, err := s.viewerOf(ctx, a, r)
	if err != nil {
		return View{}, err
	}
	if role != RoleLandlord {
		return View{}, apperr.New(apperr.Forbidden, "landlord_only", MsgLandlordOnly)
	}
	if r.ReporterRole != RoleLandlord {
		return View{}, apperr.New(apperr.Conflict, "not_logged", MsgOriginalOnly)
	}
	br := bufio.NewReaderSize(file, 512)
	head, _ := br.Peek(512)
	if len(head) == 0 {
		return View{}, apperr.New(apperr.Invalid, "no_file", MsgOriginalNone)
	}
	data := map[string]any{"awareAt": r.AwareAt.Format(time.RFC3339), "channel": r.Channel}
	if _, err := imaging.Sniff(head); err == nil {
		pv, ev, err := s.ev.Photos.UploadFrom(ctx, KindRepair, a, id, photo.FromUpload, br)
		if err != nil {
			return View{}, photoError(err)
		}
		data["photo"], data["sha256"], data["fileName"] = pv.Name, ev.SHA256, cleanFileName(fileName, ".jpg")
	} else {
		body, err := io.ReadAll(io.LimitReader(br, MaxOriginalBytes+1))
		if err != nil {
			return View{}, err
		}
		if len(body) > MaxOriginalBytes {
			return View{}, apperr.New(apperr.TooLarge, "file_too_large", MsgOriginalLarge)
		}
		ct, ext := originalType(body)
		if ct == "" {
			return View{}, apperr.New(apperr.Invalid, "wrong_type", MsgOriginalType)
		}
		sum := sha256.Sum256(body)
		f := storedFile{FileView: FileView{Name: randomName(ext), FileName: cleanFileName(fileName, ext), ContentType: ct,
			Size: int64(len(body)), SHA256: hex.EncodeToString(sum[:]), UploadedAt: s.now()}, RepairID: id, UploadedBy: a.UserID}
		if err := s.storeFile(ctx, &f, body); err != nil {
			return View{}, err
		}
		data["file"], data["sha256"], data["fileName"], data["size"] = f.Name, f.SHA256, f.FileName, f.Size
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		if err := s.append(ctx, tx, &r, Event{ActorID: a.UserID, ActorRole: role, ActorName: a.FullName, Kind: EventOriginal, Data: data}); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, r, role)
}

// storeFile keeps a repair's file (an original message, a video) in the
// store and its row, or neither.
func (s *Service) storeFile(ctx context.Context, f *storedFile, body []byte) error {
	f.Key = "repair-files/" + f.RepairID + "/" + f.Name // not under "repairs/", the photo kind's folder its sweep reads
	if err := s.ev.Files.Put(ctx, f.Key, bytes.NewReader(body), f.Size, f.ContentType); err != nil {
		return apperr.Wrap(err, "store repair file")
	}
	if err := insertFile(ctx, s.d.DB.Conn(), *f); err != nil {
		_ = s.ev.Files.Delete(context.WithoutCancel(ctx), f.Key)
		return err
	}
	return nil
}

// originalType is the content type and extension of an original
// message's file by its content: a PDF, or UTF-8 text without control
// characters other than tabs and line breaks (an e-mail saved as .eml).
func originalType(b []byte) (string, string) {
	if bytes.HasPrefix(b, []byte("%PDF-")) {
		return "application/pdf", ".pdf"
	}
	if !utf8.Valid(b) {
		return "", ""
	}
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' {
			return "", ""
		}
	}
	s := string(b)
	if strings.Contains(s, "\nSubject:") || strings.HasPrefix(s, "Subject:") || strings.HasPrefix(s, "From:") || strings.HasPrefix(s, "Received:") {
		return "message/rfc822", ".eml"
	}
	return "text/plain; charset=utf-8", ".txt"
}

// cleanFileName is the name a download offers: the sender's, on one line,
// without folders, with the extension the content has.
func cleanFileName(name, ext string) string {
	name = text.SingleLine(path.Base(strings.ReplaceAll(name, "\\", "/")))
	name = strings.TrimSuffix(name, path.Ext(name))
	if name == "" || name == "." || name == "/" {
		name = "original-message"
	}
	if utf8.RuneCountInString(name) > 80 {
		name = string([]rune(name)[:80])
	}
	return name + ext
}

func randomName(ext string) string {
	return strings.TrimSuffix(imaging.RandomName(imaging.PNG), ".png") + ext
}

// OriginalFile opens an original message's file for a party of the repair.
func (s *Service) OriginalFile(ctx context.Context, a session.Actor, id, name string) (FileView, io.ReadCloser, error) {
	if _, err := s.Get(ctx, a, id); err != nil {
		return FileView{}, nil, err
	}
	f, err := fileOf(ctx, s.d.DB.Conn(), id, name)
	if err != nil {
		return FileView{}, nil, err
	}
	rc, _, err := s.ev.Files.Get(ctx, f.Key)
	if err != nil {
		return FileView{}, nil, apperr.Wrap(err, "read original message")
	}
	return f.FileView, rc, nil
}

const fileCols = `name, repair_id, file_name, content_type, size, sha256, storage_key, uploaded_by, uploaded_at`

func scanFile(row db.Scanner) (storedFile, error) {
	var f storedFile
	var at int64
	err := row.Scan(&f.Name, &f.RepairID, &f.FileName, &f.ContentType, &f.Size, &f.SHA256, &f.Key, &f.UploadedBy, &at)
	if errors.Is(err, db.NoRows) {
		return storedFile{}, apperr.New(apperr.NotFound, "not_found", "File not found.")
	}
	if err != nil {
		return storedFile{}, apperr.Wrap(err, "scan repair file")
	}
	f.UploadedAt = time.UnixMilli(at).UTC()
	f.URL = "/api/repairs/" + f.RepairID + "/files/" + f.Name
	return f, nil
}

func insertFile(ctx context.Context, c db.Conn, f storedFile) error {
	_, err := c.Exec(ctx, `INSERT INTO repair_files (`+fileCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.Name, f.RepairID, f.FileName, f.ContentType, f.Size, f.SHA256, f.Key, f.UploadedBy, f.UploadedAt.UnixMilli())
	return apperr.Wrap(err, "insert repair file")
}

func fileOf(ctx context.Context, c db.Conn, repairID, name string) (storedFile, error) {
	return scanFile(c.QueryRow(ctx, `SELECT `+fileCols+` FROM repair_files WHERE repair_id = ? AND name = ?`, repairID, name))
}

func filesOf(ctx context.Context, c db.Conn, repairID string) ([]FileView, error) {
	list, err := db.All(ctx, c, scanFile, `SELECT `+fileCols+` FROM repair_files WHERE repair_id = ? ORDER BY uploaded_at, name`, repairID)
	if err != nil {
		return nil, apperr.Wrap(err, "list repair files")
	}
	out := make([]FileView, 0, len(list))
	for _, f := range list {
		out = append(out, f.FileView)
	}
	return out, nil
}
