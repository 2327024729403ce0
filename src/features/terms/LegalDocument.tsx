import type { ReactNode } from "react";

/** Page frame of the terms and privacy texts: one h1, a lead paragraph, readable line length. */
export const LegalDocument = ({ title, intro, children }: { title: string; intro: string; children: ReactNode }) => (
  <article aria-labelledby="legal-title" className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 sm:py-14">
    <header className="flex flex-col gap-3">
      <h1 id="legal-title" className="text-3xl font-bold text-fg sm:text-4xl">
        {title}
      </h1>
      <p className="text-lg text-fg-muted">{intro}</p>
    </header>
    {children}
  </article>
);

/** One titled part of a legal text (h2). */
export const DocumentSection = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id} className="flex flex-col gap-2 text-base text-fg">
    <h2 id={id} className="text-xl font-semibold text-fg">
      {title}
    </h2>
    {children}
  </section>
);
