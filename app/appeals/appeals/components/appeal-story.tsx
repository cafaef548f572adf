import type { Block, Inline } from "../rules/story-text";

/**
 * An appeal's story from its blocks (see storyBlocks): every word goes through React,
 * which escapes it, so nothing a writer types ever reaches the page as markup.
 */
export function AppealStory({ blocks }: { blocks: Block[] }) {
  return (
    <div className="prose-page" data-testid="appeal-story">
      {blocks.map((block, index) => (
        <StoryBlock key={index} block={block} />
      ))}
    </div>
  );
}

function StoryBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case "heading":
      return block.level === 2 ? (
        <h2>
          <Inlines parts={block.inlines} />
        </h2>
      ) : (
        <h3>
          <Inlines parts={block.inlines} />
        </h3>
      );
    case "list": {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <Inlines parts={item} />
        </li>
      ));
      return block.ordered ? (
        <ol className="mb-4 list-decimal space-y-1 pl-6 text-slate-700">{items}</ol>
      ) : (
        <ul>{items}</ul>
      );
    }
    case "quote":
      return (
        <blockquote className="mb-4 border-l-4 border-brand-200 pl-4 italic">
          <p>
            <Inlines parts={block.inlines} />
          </p>
        </blockquote>
      );
    default:
      return (
        <p>
          <Inlines parts={block.inlines} />
        </p>
      );
  }
}

function Inlines({ parts }: { parts: Inline[] }) {
  return parts.map((part, index) => <InlinePart key={index} part={part} />);
}

function InlinePart({ part }: { part: Inline }) {
  switch (part.kind) {
    case "text":
      return part.text;
    case "break":
      return <br />;
    case "strong":
      return (
        <strong>
          <Inlines parts={part.children} />
        </strong>
      );
    case "em":
      return (
        <em>
          <Inlines parts={part.children} />
        </em>
      );
    default: {
      // safeHref let only http(s), mailto and this site's own paths through; links away open with no referrer.
      const away = !part.href.startsWith("/");
      return (
        <a
          href={part.href}
          rel={away ? "noopener noreferrer" : undefined}
          className="font-medium text-brand-700 underline hover:no-underline"
        >
          <Inlines parts={part.children} />
        </a>
      );
    }
  }
}
