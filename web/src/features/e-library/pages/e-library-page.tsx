import { Clock, PlayCircle, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Modal } from '@/components/modal';
import { usePageTitle } from '@/components/page-title';
import { TabList } from '@/components/tab-list';
import { CATEGORIES, TABS, videosFor, type CategoryId, type TabId, type Video } from '@/features/e-library/videos';
import { PageHero, PageSection } from '@/shared/page-shell/page-sections';
import '../e-library.css';

const labelOf = (id: string) => CATEGORIES.find((c) => c.id === id)?.label ?? id;

export default function ELibraryPage() {
  usePageTitle('E-library');
  const [category, setCategory] = useState<CategoryId>('all');
  const [tab, setTab] = useState<TabId>('procedures');
  const [open, setOpen] = useState<Video | null>(null);
  const videos = videosFor(category, tab);

  return (
    <>
      <PageHero eyebrow="E-library" title="Medical video library">
        <p>
          Lectures, procedures, case studies and workshops recorded by our doctors and nurses, for health workers, students and
          curious patients.
        </p>
      </PageHero>

      <PageSection containerClassName="library">
        <nav className="library-sidebar" aria-label="Video categories">
          <h2 className="library-sidebar-title">Categories</h2>
          <ul className="chip-list">
            {CATEGORIES.map((c) => (
              <li key={c.id}>
                <button type="button" aria-pressed={category === c.id} onClick={() => setCategory(c.id)}>
                  {c.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <TabList
            className="library-tabs"
            name="Video type"
            tabs={TABS}
            value={tab}
            onChange={setTab}
            ids={(id) => ({ tab: `tab-${id}`, panel: 'library-panel' })}
          />

          <div id="library-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
            {videos.length === 0 ? (
              <p className="empty-state">No videos available for this category and tab combination</p>
            ) : (
              <ul className="card-grid video-grid">
                {videos.map((v) => (
                  <li key={v.id} className="card video-card">
                    <button type="button" className="video-thumb" onClick={() => setOpen(v)}>
                      <PlayCircle size={44} aria-hidden="true" />
                      <span className="visually-hidden">Details of {v.title}</span>
                      <span className="video-duration">{v.duration}</span>
                    </button>
                    <p className="video-category">{labelOf(v.category)}</p>
                    <h3>{v.title}</h3>
                    <p className="video-meta">
                      <UserRound size={14} aria-hidden="true" /> {v.presenter}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </PageSection>

      <Modal open={open !== null} onClose={() => setOpen(null)} title={open?.title ?? ''}>
        {open && (
          <div className="video-detail">
            <p className="video-category">
              {labelOf(open.category)} · {TABS.find((t) => t.id === open.tab)?.label}
            </p>
            <p className="video-meta">
              <UserRound size={14} aria-hidden="true" /> {open.presenter}
              <Clock size={14} aria-hidden="true" /> {open.duration} · recorded {open.recorded}
            </p>
            <p>{open.description}</p>
            <p className="video-note">
              Full recordings are available to registered health workers and subscribers in the ExpMed Health app.
            </p>
          </div>
        )}
      </Modal>
    </>
  );
}
