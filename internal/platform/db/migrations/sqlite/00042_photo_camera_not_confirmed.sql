-- +goose Up
-- Dialects: the same. A photo the page sent as taken with the app's camera
-- whose own capture time is too far from its upload (internal/photo
-- CameraTimeFits) is recorded as an upload, and this says why (issue 26:
-- "Captured (via App)" was whatever the uploader said).
ALTER TABLE photos ADD COLUMN camera_not_confirmed BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE photos DROP COLUMN camera_not_confirmed;
