import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** The signed QR, large and black on white whatever the theme: what a checker's camera reads best in sunlight. */
export function SignedQr({ url, label }: { readonly url: string; readonly label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 }).then(
      (drawn) => current && setSvg(drawn),
      () => current && setSvg(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <div className="mx-auto w-full max-w-80 rounded-lg bg-white p-2">
      {svg ? (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} className="w-full" />
      ) : (
        <div className="aspect-square w-full" aria-hidden="true" />
      )}
    </div>
  );
}
