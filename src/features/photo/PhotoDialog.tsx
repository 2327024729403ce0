import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { NativeButton } from "../../ui/NativeButton";
import { NativePendingButton } from "../../ui/NativePendingButton";
import { DialogFooter } from "../../ui/DialogFooter";
import { NativeModal } from "../../ui/NativeModal";
import { Spinner } from "../../ui/Spinner";
import { cx } from "../../ui/utils";
import { initialCrop, zoomCrop, ZOOM_STEP, type CropRect, type Size } from "./crop";
import { CameraCapture, cameraAvailable } from "./CameraCapture";
import { CropStage } from "./CropStage";
import { FilePicker } from "./FilePicker";
import { CanvasContextError, encodeCrop, encodeCropElsewhere, loadImage } from "./encode";
import { checkPhotoFile, fitsUpright, photoProblem } from "./sniff";
import { afterFrame } from "../../ui/after-paint";

/**
 * Up to a megapixel, the crop is encoded in the tap's own task. A phone camera's photo is many times larger, and
 * decoding and scaling it on the page would freeze it.
 */
const QUICK_ENCODE_PIXELS = 1_000_000;

/** A phone (a touch screen as its pointer): its front camera is offered to take the photo (`capture="user"`). */
const onPhone = (): boolean => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/** Types offered by the file picker; the content is checked anyway (sniff.ts). */
const ACCEPTED = ["image/jpeg", "image/png", "image/webp"] as const;

export interface PhotoDialogProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  /** The cropped photo, a JPEG data URL at most 600 px tall. */
  readonly onDone: (dataUrl: string) => void;
  /** Offer the computer's camera besides a file (the agent at the desk), where the browser has one. */
  readonly camera?: boolean;
}

type Phase =
  | { readonly type: "pick" }
  | { readonly type: "reading" }
  | { readonly type: "camera" }
  | {
      readonly type: "crop";
      readonly url: string;
      readonly image: HTMLImageElement;
      readonly size: Size;
      /** The picked file, for the worker that encodes a large photo. */
      readonly file: Blob;
    };

/** A message of the dialog: an i18n key and its values. */
type ErrorKey = { readonly key: string; readonly values?: Record<string, string> };

/**
 * The photo dialog (docs/spec.md §2 "photo upload with crop and drag-drop dialog"): drop a file or choose one, then move
 * and zoom a 35:45 frame over it (pointer, wheel or keyboard) and keep the cropped part, re-encoded as a JPEG.
 */
export function PhotoDialog({ isOpen, onOpenChange, onDone, camera = false }: PhotoDialogProps) {
  const titleId = useId();
  const close = () => onOpenChange(false);
  return (
    <NativeModal isOpen={isOpen} onOpenChange={onOpenChange} labelledBy={titleId}>
      <PhotoDialogContent
        titleId={titleId}
        close={close}
        camera={camera && cameraAvailable()}
        onDone={(dataUrl) => {
          onDone(dataUrl);
          close();
        }}
      />
    </NativeModal>
  );
}

function PhotoDialogContent({
  titleId,
  close,
  onDone,
  camera,
}: {
  titleId: string;
  close: () => void;
  onDone: (dataUrl: string) => void;
  camera: boolean;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ type: "pick" });
  const [crop, setCrop] = useState<CropRect | null>(null);
  const [error, setError] = useState<ErrorKey | null>(null);
  const [dropping, setDropping] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const attempt = useRef(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const helpId = useId();

  // Work started for this dialog (a photo being read or prepared) is dropped once it closes.
  useEffect(
    () => () => {
      attempt.current++;
    },
    [],
  );

  // The object URL of the image being cropped is released when it is replaced or the dialog closes.
  const url = phase.type === "crop" ? phase.url : null;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  // Keyboard users land on the frame once the image is there.
  const cropping = phase.type === "crop";
  useEffect(() => {
    if (cropping) frameRef.current?.focus();
  }, [cropping]);

  const handleFile = useCallback(async (file: File | undefined | null) => {
    if (!file) return;
    const current = ++attempt.current;
    setError(null);
    setPreparing(false);
    setPhase({ type: "reading" });
    const fail = (problem: ErrorKey = { key: "errors:photo" }) => {
      if (current !== attempt.current) return;
      setPhase({ type: "pick" });
      setCrop(null);
      setError(problem);
    };
    try {
      const check = await checkPhotoFile(file);
      if (!check.ok) return fail(photoProblem(check.reason));
      const objectUrl = URL.createObjectURL(file);
      let image: HTMLImageElement;
      try {
        image = await loadImage(objectUrl);
      } catch {
        URL.revokeObjectURL(objectUrl);
        return fail();
      }
      if (current !== attempt.current) {
        URL.revokeObjectURL(objectUrl);
        return;
      }
      const size = { width: image.naturalWidth, height: image.naturalHeight };
      // Upright now (EXIF rotation applied): the frame must fit this way round.
      if (!fitsUpright(size)) {
        URL.revokeObjectURL(objectUrl);
        return fail(photoProblem("tooSmall"));
      }
      setCrop(initialCrop(size));
      setPhase({ type: "crop", url: objectUrl, image, size, file });
    } catch {
      fail();
    }
  }, []);

  const onSelect = (files: FileList | null) => void handleFile(files?.[0]);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (![...event.dataTransfer.types].includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDropping(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDropping(false);
    void handleFile(event.dataTransfer.files[0]);
  };

  const usePhoto = () => {
    if (phase.type !== "crop" || !crop || preparing) return;
    const { image, size, file } = phase;
    const current = attempt.current;
    const prepare = () => {
      if (current !== attempt.current) return;
      try {
        onDone(encodeCrop(image, crop));
      } catch (cause) {
        setPreparing(false);
        setError({ key: cause instanceof CanvasContextError ? "errors:canvas" : "errors:photo" });
      }
    };
    if (size.width * size.height <= QUICK_ENCODE_PIXELS) return prepare();
    // A camera's photo takes a noticeable time to crop and encode on a slow phone: a worker does it while the
    // button says it is busy. Where it cannot, the page does it, once that busy state is painted.
    setPreparing(true);
    void encodeCropElsewhere(file, crop, size).then((jpeg) => {
      if (current !== attempt.current) return;
      if (jpeg) onDone(jpeg);
      else afterFrame(prepare);
    });
  };

  const picker = (label: string, variant: "primary" | "secondary") => (
    <FilePicker label={label} variant={variant} accept={ACCEPTED} onSelect={onSelect} />
  );
  // On a phone the front camera, beside the gallery (a `capture` input alone would hide the gallery).
  const [selfie] = useState(() => !camera && onPhone());

  return (
    <div className="flex flex-col gap-4" onDragOver={onDragOver} onDragLeave={() => setDropping(false)} onDrop={onDrop}>
      <h2 id={titleId} className="pe-8 text-lg font-semibold text-fg">
        {t("registration:photoDialog.title")}
      </h2>
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-danger-text bg-error-bg p-3 text-sm font-medium text-error-fg"
        >
          {t(error.key, error.values ?? {})}
        </p>
      )}
      {phase.type === "camera" ? (
        <CameraCapture
          onCapture={(file) => void handleFile(file)}
          onCancel={() => setPhase({ type: "pick" })}
          onProblem={(key) => {
            setPhase({ type: "pick" });
            setError({ key });
          }}
        />
      ) : phase.type === "crop" && crop ? (
        <>
          <CropStage
            url={phase.url}
            size={phase.size}
            crop={crop}
            onCrop={setCrop}
            frameRef={frameRef}
            helpId={helpId}
            alt={t("registration:photoDialog.previewAlt")}
            frameLabel={t("registration:photoDialog.frame")}
          />
          <p id={helpId} className="text-sm text-fg-muted">
            {t("registration:photoDialog.cropHelp")}
          </p>
          <div className="flex flex-wrap gap-2">
            <NativeButton
              variant="secondary"
              size="sm"
              onClick={() => setCrop((c) => c && zoomCrop(c, 1 / ZOOM_STEP, phase.size))}
            >
              <span aria-hidden="true">−</span> {t("registration:photoDialog.zoomOut")}
            </NativeButton>
            <NativeButton
              variant="secondary"
              size="sm"
              onClick={() => setCrop((c) => c && zoomCrop(c, ZOOM_STEP, phase.size))}
            >
              <span aria-hidden="true">+</span> {t("registration:photoDialog.zoomIn")}
            </NativeButton>
          </div>
          <DialogFooter>
            <NativeButton variant="quiet" onClick={close}>
              {t("common:actions.cancel")}
            </NativeButton>
            {picker(t("registration:photoDialog.another"), "secondary")}
            <NativePendingButton onClick={usePhoto} isPending={preparing}>
              {t("registration:photoDialog.use")}
            </NativePendingButton>
          </DialogFooter>
        </>
      ) : (
        <>
          <div
            className={cx(
              "flex min-h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center",
              dropping ? "border-focus bg-surface-2" : "border-border-strong",
            )}
          >
            {phase.type === "reading" ? (
              <Spinner label={t("registration:photoDialog.reading")} />
            ) : (
              <>
                <p className="text-fg">{t("registration:photoDialog.dropHint")}</p>
                <p className="text-sm text-fg">{t("registration:photo.guidance")}</p>
                <p className="text-sm text-fg-muted">{t("registration:photoDialog.formats")}</p>
                <div className="flex flex-wrap justify-center gap-2">
                  {selfie && (
                    <FilePicker
                      label={t("registration:photoDialog.takeSelfie")}
                      accept={ACCEPTED}
                      capture="user"
                      onSelect={onSelect}
                    />
                  )}
                  {picker(t("registration:photoDialog.browse"), selfie ? "secondary" : "primary")}
                  {camera && (
                    <NativeButton
                      variant="secondary"
                      onClick={() => {
                        setError(null);
                        setPhase({ type: "camera" });
                      }}
                    >
                      {t("registration:photoDialog.camera")}
                    </NativeButton>
                  )}
                </div>
              </>
            )}
          </div>
          <DialogFooter>
            <NativeButton variant="secondary" onClick={close}>
              {t("common:actions.cancel")}
            </NativeButton>
          </DialogFooter>
        </>
      )}
    </div>
  );
}
