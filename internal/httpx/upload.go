package httpx

import (
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/omnirent/omnirent/internal/apperr"
)

// UploadedFile streams the first multipart part named field, without
// buffering the form. noFile is the message when there is none; tooLarge
// when the body passes the request's size cap (see WithBodyLimit).
func UploadedFile(r *http.Request, field, noFile, tooLarge string) (io.Reader, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.New(apperr.Invalid, "no_file", noFile)
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, apperr.New(apperr.Invalid, "no_file", noFile)
		}
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, apperr.New(apperr.Invalid, "image_too_large", tooLarge)
		}
		if err != nil {
			return nil, apperr.New(apperr.Invalid, "bad_upload", noFile)
		}
		if part.FormName() == field {
			return part, nil
		}
		_ = part.Close()
	}
}

// WriteFile streams a stored file with its type and length. nosniff makes
// the browser trust the checked content type, never guess from the bytes.
func WriteFile(w http.ResponseWriter, body io.Reader, contentType string, size int64) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if size >= 0 {
		w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	_, _ = io.Copy(w, body)
}
