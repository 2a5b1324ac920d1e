import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';

const retirable = {
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
};

export const features = sqliteTable('features', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  gradientFrom: text('gradient_from').notNull().default('#00C9FF'),
  gradientTo: text('gradient_to').notNull().default('#92FE9D'),
  image: text('image').notNull(),
  /** Alt text; null: the feature's title. */
  imageAlt: text('image_alt'),
  icon: text('icon').notNull(),
  learnMoreLink: text('learn_more_link').notNull(),
  ...retirable,
  ...timestamps,
});

export const services = sqliteTable('services', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  iconBg: text('icon_bg').notNull(),
  link: text('link').notNull(),
  isNew: integer('is_new', { mode: 'boolean' }).notNull().default(false),
  ...retirable,
  ...timestamps,
});

export const offices = sqliteTable('offices', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  city: text('city').notNull(),
  address: text('address').notNull(),
  phone: text('phone'),
  email: text('email').notNull(),
  /** IANA zone of the office's clocks: counsellors' weekly hours there are read in it. */
  timeZone: text('time_zone').notNull().default('Europe/London'),
  mapX: integer('map_x').notNull(),
  mapY: integer('map_y').notNull(),
  ...retirable,
  ...timestamps,
});

export const teamMembers = sqliteTable('team_members', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: text('position').notNull(),
  image: text('image').notNull(),
  /** Alt text; null: the person's name. */
  imageAlt: text('image_alt'),
  bio: text('bio').notNull(),
  ...retirable,
  ...timestamps,
});

export const strategies = sqliteTable('strategies', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  icon: text('icon', { enum: ['users', 'refresh', 'clipboard', 'check'] }).notNull(),
  description: text('description').notNull(),
  extendedDescription: text('extended_description', { mode: 'json' }).$type<string[]>().notNull(),
  ...timestamps,
});

export const employerCategories = sqliteTable('employer_categories', {
  name: text('name').primaryKey(),
  sortOrder: integer('sort_order').notNull(),
  ...timestamps,
});

/**
 * Single-record documents edited as a whole (mission/vision, about, the site's brand,
 * FAQs, recruitment services). One row per key; the value is validated JSON.
 */
export const contentBlocks = sqliteTable('content_blocks', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).$type<unknown>().notNull(),
  ...timestamps,
});
