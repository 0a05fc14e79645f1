import { usePageTitle } from '@/components/page-title';

export default function GalleryPage() {
  usePageTitle('Gallery');
  return (
    <section className="page container">
      <h1>Gallery</h1>
      <p>Our teams at work in homes, schools and communities.</p>
    </section>
  );
}
