import { TIMINGS } from '@vanya/catalog';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';

type GallerySlide = { src: string; caption: string };

/**
 * The about page's carousel: three slides, 3000 ms apart, looping, with
 * clickable dynamic pagination, and it keeps playing after the visitor moves it. Visitors who ask
 * for less motion move it themselves.
 */
export function AboutCarousel({ slides }: { slides: readonly GallerySlide[] }) {
  const reducedMotion = useReducedMotion();
  return (
    <Swiper
      className="about-carousel"
      modules={[Autoplay, Pagination, A11y]}
      loop
      slidesPerView={1}
      spaceBetween={16}
      autoplay={
        reducedMotion
          ? false
          : { delay: TIMINGS.aboutCarouselMs, disableOnInteraction: false, pauseOnMouseEnter: true }
      }
      pagination={{ clickable: true, dynamicBullets: true }}
      a11y={{ enabled: true, prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide' }}
    >
      {slides.map((slide) => (
        <SwiperSlide key={slide.src}>
          <figure className="about-carousel__slide">
            <ResponsiveImage
              src={slide.src}
              alt={slide.caption}
              sizes="(min-width: 1200px) 1200px, 100vw"
              width={1280}
              height={720}
              className="about-carousel__image"
            />
            <figcaption className="about-carousel__caption">{slide.caption}</figcaption>
          </figure>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
