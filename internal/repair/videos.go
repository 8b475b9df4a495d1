package repair

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strconv"
	"time"

	"github.com/omnirent/omnirent/internal/apperr"
	"github.com/omnirent/omnirent/internal/platform/db"
	"github.com/omnirent/omnirent/internal/platform/video"
	"github.com/omnirent/omnirent/internal/session"
)

// Short videos of a fault from the phone's camera (issue 44), through
// internal/platform/video: an MP4 or MOV checked by its content, a minute
// at most, stored as a cleaned copy (its metadata boxes, where a phone
// puts its location and model, removed; the picture and sound kept byte
// for byte), with its capture time and the SHA-256 of what is stored. It
// is kept as one of the repair's files (files.go) and is a line of the
// history.

// MaxVideoBytes bounds a video (video.MaxBytes says why).
const MaxVideoBytes = video.MaxBytes

// The videos' messages. MsgVideo answers what is still refused: a WebM
// (what some browsers record), which cannot be cleaned at the container
// level here.
const (
	MsgVideo        = "This video is in the WebM format, which OmniRent cannot clean of location data. Please record it with the phone's camera app (MP4 or MOV), or take a photo."
	MsgVideoType    = "Please choose a video recorded with the phone's camera (MP4 or MOV)."
	MsgVideoLarge   = "This video is larger than 50 MB. Please record a shorter one (a minute at most)."
	MsgVideoLong    = "This video is longer than a minute. Please record a shorter one, and describe the rest in a message."
	MsgVideoDamaged = "This video could not be read: it may be incomplete. Please record it again."
	MsgNoVideo      = "Please choose a video to add."
	MsgVideoAsPhoto = "This file is a video, sent as a photo. Please add it again as a video."
)

// EventVideo is a video added to the repair.
const EventVideo = "video"

// VideoView is a repair's video for its pages.
type VideoView struct {
	Name        string     `json:"name"`
	URL         string     `json:"url"`
	ContentType string     `json:"contentType"`
	Size        int64      `json:"size"`
	Seconds     float64    `json:"seconds"`
	SHA256      string     `json:"sha256"`
	CapturedAt  *time.Time `json:"capturedAt"`
	UploadedAt  time.Time  `json:"uploadedAt"`
	By          string     `json:"by"`
	Role        Role       `json:"role"`
}

func isVideoType(ct string) bool { return ct == video.TypeMP4 || ct == video.TypeMOV }

// videoError says the video mechanism's refusals in this area's words.
func videoError(err error) error {
	switch {
	case errors.Is(err, video.ErrWebM):
		return apperr.New(apperr.Invalid, "video_webm", MsgVideo)
	case errors.Is(err, video.ErrNotVideo):
		return apperr.New(apperr.Invalid, "not_a_video", MsgVideoType)
	case errors.Is(err, video.ErrTooLarge):
		return apperr.New(apperr.TooLarge, "video_too_large", MsgVideoLarge)
	case errors.Is(err, video.ErrTooLong):
		return apperr.New(apperr.Invalid, "video_too_long", MsgVideoLong)
	case errors.Is(err, video.ErrDamaged):
		return apperr.New(apperr.Invalid, "video_damaged", MsgVideoDamaged)
	}
	return err
}

// AddVideo adds a short video to a repair for one of its parties, and
// appends it to the history with its capture time and SHA-256. A file
// refused is answered with a plain message; the repair is unchanged.
func (s *Service) AddVideo(ctx context.Context, a session.Actor, id string, file io.Reader) (VideoView, View, error) {
	if err := a.RequireSignedIn(); err != nil {
		return VideoView{}, View{}, err
	}
	if s.ev.Files == nil {
		return VideoView{}, View{}, apperr.Wrap(errNoEvidence, "repair videos")
	}
	r, err := repairByID(ctx, s.d.DB.Conn(), id)
	if err != nil {
		return VideoView{}, View{}, err
	}
	role, err := s.viewerOf(ctx, a, r)
	if err != nil {
		return VideoView{}, View{}, err
	}
	body, err := io.ReadAll(io.LimitReader(file, MaxVideoBytes+1))
	if err != nil {
		return VideoView{}, View{}, err
	}
	if len(body) == 0 {
		return VideoView{}, View{}, apperr.New(apperr.Invalid, "no_file", MsgNoVideo)
	}
	clean, info, err := video.Clean(body)
	if err != nil {
		return VideoView{}, View{}, videoError(err)
	}
	ext := ".mp4"
	if info.ContentType == video.TypeMOV {
		ext = ".mov"
	}
	f := storedFile{FileView: FileView{Name: randomName(ext), FileName: "video" + ext, ContentType: info.ContentType,
		Size: info.Size, SHA256: info.SHA256, UploadedAt: s.now()}, RepairID: id, UploadedBy: a.UserID}
	if err := s.storeFile(ctx, &f, clean); err != nil {
		return VideoView{}, View{}, err
	}
	seconds := info.Duration.Seconds()
	data := map[string]any{"file": f.Name, "sha256": f.SHA256, "seconds": seconds, "size": f.Size, "uploadedAt": f.UploadedAt.Format(time.RFC3339)}
	if info.CapturedAt != nil {
		data["capturedAt"] = info.CapturedAt.Format(time.RFC3339)
	}
	err = s.d.DB.Tx(ctx, func(tx db.Conn) error {
		if r, err = s.lockedFor(ctx, tx, id); err != nil {
			return err
		}
		if err := s.append(ctx, tx, &r, Event{ActorID: a.UserID, ActorRole: role, ActorName: a.FullName, Kind: EventVideo, Data: data}); err != nil {
			return err
		}
		return updateRepair(ctx, tx, r)
	})
	if err != nil {
		return VideoView{}, View{}, err
	}
	v, err := s.view(ctx, r, role)
	if err != nil {
		return VideoView{}, View{}, err
	}
	out := VideoView{Name: f.Name, URL: videoURL(id, f.Name), ContentType: f.ContentType, Size: f.Size, Seconds: seconds,
		SHA256: f.SHA256, CapturedAt: info.CapturedAt, UploadedAt: f.UploadedAt, By: a.FullName, Role: role}
	return out, v, nil
}

func videoURL(repairID, name string) string { return "/api/repairs/" + repairID + "/videos/" + name }

// videosOf splits a repair's files into its videos (with who added each
// and when it was taken, from the history) and the other files.
func videosOf(repairID string, files []FileView, events []Event) ([]VideoView, []FileView) {
	by := map[string]Event{}
	for _, e := range events {
		if n, ok := e.Data["file"].(string); ok && e.Kind == EventVideo {
			by[n] = e
		}
	}
	videos, rest := []VideoView{}, []FileView{}
	for _, f := range files {
		if !isVideoType(f.ContentType) {
			rest = append(rest, f)
			continue
		}
		e := by[f.Name]
		v := VideoView{Name: f.Name, URL: videoURL(repairID, f.Name), ContentType: f.ContentType, Size: f.Size, SHA256: f.SHA256,
			UploadedAt: f.UploadedAt, By: e.ActorName, Role: e.ActorRole}
		v.Seconds, _ = e.Data["seconds"].(float64)
		v.CapturedAt = eventTime(e, "capturedAt")
		videos = append(videos, v)
	}
	return videos, rest
}

func eventTime(e Event, key string) *time.Time {
	if at, ok := e.Data[key].(string); ok {
		if t, err := time.Parse(time.RFC3339, at); err == nil {
			return &t
		}
	}
	return nil
}

// Video opens a repair's video for one of its parties, to be served with
// Range requests (a phone's player asks for parts, many times): the
// store's file itself when it can seek (a local file, an S3 object), else
// the video read once into memory.
func (s *Service) Video(ctx context.Context, a session.Actor, id, name string) (FileView, io.ReadSeekCloser, error) {
	if _, err := s.Get(ctx, a, id); err != nil {
		return FileView{}, nil, err
	}
	f, err := fileOf(ctx, s.d.DB.Conn(), id, name)
	if err != nil {
		return FileView{}, nil, err
	}
	if !isVideoType(f.ContentType) {
		return FileView{}, nil, apperr.New(apperr.NotFound, "not_found", "Video not found.")
	}
	rc, _, err := s.ev.Files.Get(ctx, f.Key)
	if err != nil {
		return FileView{}, nil, apperr.Wrap(err, "read repair video")
	}
	if rsc, ok := rc.(io.ReadSeekCloser); ok {
		return f.FileView, rsc, nil
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxVideoBytes+1))
	if err != nil {
		return FileView{}, nil, apperr.Wrap(err, "read repair video")
	}
	return f.FileView, nopCloser{bytes.NewReader(b)}, nil
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }

// videoText is a line of the history for a video.
func videoText(e Event, who string) string {
	secs, _ := e.Data["seconds"].(float64)
	length := durationWords(secs)
	if t := eventTime(e, "capturedAt"); t != nil {
		return who + " added a video (" + length + ") taken " + ukMoment(*t) + "."
	}
	return who + " added a video (" + length + ")."
}

func durationWords(secs float64) string {
	n := int(secs + 0.5)
	if n <= 1 {
		return "1 second"
	}
	return strconv.Itoa(n) + " seconds"
}
