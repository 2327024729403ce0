import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useLatest } from "../../ui/use-latest";
import { cropForKey, cropPercentages, moveCrop, zoomCrop, ZOOM_STEP, type CropRect, type Size } from "./crop";

interface CropStageProps {
  readonly url: string;
  readonly size: Size;
  readonly crop: CropRect;
  readonly onCrop: (crop: CropRect) => void;
  readonly frameRef: React.RefObject<HTMLDivElement | null>;
  readonly helpId: string;
  readonly alt: string;
  readonly frameLabel: string;
}

/** The image with the crop frame over it; everything outside the frame is dimmed. */
export function CropStage({ url, size, crop, onCrop, frameRef, helpId, alt, frameLabel }: CropStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; crop: CropRect; scale: number; pointer: number } | null>(null);
  const latest = useLatest(crop);

  // Wheel zoom needs a non-passive listener to keep the dialog from scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      onCrop(zoomCrop(latest.current, event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, size));
    };
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => stage.removeEventListener("wheel", onWheel);
  }, [latest, onCrop, size]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const stage = stageRef.current;
    if (!stage || event.button !== 0) return;
    const rect = stage.getBoundingClientRect();
    if (rect.width === 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      crop,
      scale: size.width / rect.width,
      pointer: event.pointerId,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    onCrop(
      moveCrop(start.crop, (event.clientX - start.x) * start.scale, (event.clientY - start.y) * start.scale, size),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = cropForKey(event.key, event.shiftKey, crop, size);
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    onCrop(next);
  };

  const box = cropPercentages(crop, size);
  return (
    <div
      ref={stageRef}
      className="relative mx-auto w-fit max-w-full touch-none overflow-hidden rounded-lg bg-black select-none"
    >
      <img src={url} alt={alt} draggable={false} className="block max-h-[50dvh] max-w-full" />
      {/* A widget no ARIA role describes (a frame moved and resized with the pointer or the keys its help names):
          a named, described group that takes focus. */}
      {/* Its focus ring is drawn inside the frame: outside it, the stage's edge clips it when the frame fills the image. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above */}
      <div
        ref={frameRef}
        role="group"
        aria-label={frameLabel}
        aria-describedby={helpId}
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
        tabIndex={0}
        data-testid="crop-frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        className="absolute cursor-move touch-none border-2 border-white shadow-[0_0_0_9999px_rgb(0_0_0/0.55)] outline-none focus-visible:outline-4 focus-visible:outline-solid focus-visible:outline-offset-[-6px] focus-visible:outline-focus"
        style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
      >
        {/* Rule-of-thirds guides help centre the face. */}
        <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-1/3 border-t border-white/50" />
        <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-2/3 border-t border-white/50" />
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-1/3 border-l border-white/50" />
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-2/3 border-l border-white/50" />
      </div>
    </div>
  );
}
