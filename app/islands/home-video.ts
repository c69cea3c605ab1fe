/** The hero video on Home served as islands (./home.ts): the same player, poster and play button the React hero mounts. */
export { mountHeroVideo } from "~/features/home/hero-video-player";
